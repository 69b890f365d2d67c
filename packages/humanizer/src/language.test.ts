import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLanguage, humanize } from './index.ts';
import { startFakeProvider, type FakeProvider } from './model/fake-provider.ts';
import { SAMPLES } from './samples.ts';

const FRENCH =
  "Le comité s'est réuni mardi pour revoir le budget, et personne n'en était vraiment satisfait. Certains chiffres avaient changé depuis le printemps, ce qui voulait dire que le projet de la nouvelle aile de la bibliothèque devrait attendre. J'ai demandé si nous pouvions diviser le travail en deux phases ; la réponse a été peut-être. À la fin de la réunion, trois personnes étaient parties et il n'y avait plus de café.";

describe('language of the input', () => {
  it('recognises English, including technical English with names, numbers and links', () => {
    expect(detectLanguage(SAMPLES[0]!)).toEqual({ code: 'en', english: true });
    const tech =
      'Install Node.js v2.1.0 from https://example.com/docs/v2.1 and email jane.doe@example.com about the invoice. It costs $19.99 plus 3.5% tax, and the OAuth tokens expire after a day.';
    expect(detectLanguage(tech).english).toBe(true);
  });

  it('names other languages by their ISO 639-1 code', () => {
    expect(detectLanguage(FRENCH)).toEqual({ code: 'fr', english: false });
    expect(
      detectLanguage(
        'Der Ausschuss traf sich am Dienstag, um den Haushalt erneut zu prüfen, und niemand war damit zufrieden.',
      ).code,
    ).toBe('de');
  });

  it('counts a text too short to decide as English', () => {
    expect(detectLanguage('ok then')).toEqual({ code: 'en', english: true });
  });
});

describe('humanize on text the detector cannot read', () => {
  it('without a model returns the text unchanged, unscored, and says which language it saw', async () => {
    const r = await humanize(FRENCH, { mode: 'deep', seed: 1 });
    expect(r.text).toBe(FRENCH);
    expect(r.scoreBefore).toBeNull();
    expect(r.scoreAfter).toBeNull();
    expect(r.sentencesAfter).toEqual([]);
    expect(r.language).toBe('fr');
    expect(r.outcome).toBe('unchanged');
  });

  describe('with a model', () => {
    let fake: FakeProvider;
    beforeAll(async () => {
      fake = await startFakeProvider();
      fake.setMode('repeat');
    });
    afterAll(() => fake.close());

    it('rewrites it with the model and gives no English score', async () => {
      const before = fake.requests;
      const r = await humanize(FRENCH, {
        mode: 'deep',
        seed: 1,
        llm: { baseURL: fake.url, model: 'fake', callTimeoutMs: 2_000 },
      });
      expect(fake.requests).toBeGreaterThan(before);
      expect(r.engine).toBe('model');
      expect(r.outcome).toBe('model');
      expect(r.language).toBe('fr');
      expect(r.scoreBefore).toBeNull();
      expect(r.scoreAfter).toBeNull();
      expect(r.sentencesAfter).toEqual([]);
    });
  });
});

describe('result sentences', () => {
  it('are offsets into the returned text, in order, and the outcome says what happened', async () => {
    for (const mode of ['deep', 'lightning'] as const) {
      const r = await humanize(SAMPLES[1]!, { mode, seed: 3 });
      expect(r.language).toBe('en');
      expect(r.sentencesAfter.length).toBeGreaterThan(1);
      let last = 0;
      for (const s of r.sentencesAfter) {
        expect(s.start).toBeGreaterThanOrEqual(last);
        expect(s.end).toBeGreaterThan(s.start);
        expect(s.end).toBeLessThanOrEqual(r.text.length);
        expect(r.text.slice(s.start, s.end).trim()).toBe(r.text.slice(s.start, s.end));
        expect(Number.isInteger(s.score) && s.score >= 0 && s.score <= 100).toBe(true);
        expect(Array.isArray(s.reasons)).toBe(true);
        last = s.end;
      }
      expect(r.outcome).toBe(r.text === SAMPLES[1] ? 'unchanged' : 'light-edit');
    }
  });
});

describe('language of longer texts', () => {
  it('still names a language when the text is long (franc’s relative scores crowd together)', () => {
    expect(detectLanguage(`${FRENCH}\n\n${FRENCH}\n\n${FRENCH}`)).toEqual({ code: 'fr', english: false });
    const es =
      'El comité se reunió el martes para revisar el presupuesto otra vez, y nadie estaba contento con ello. Algunas cifras habían cambiado desde la primavera, así que el proyecto de la biblioteca tendrá que esperar. ';
    expect(detectLanguage(es.repeat(4)).code).toBe('es');
  });

  it('keeps English that quotes another language, or is mostly a list of names, as English', () => {
    const quoting = `My teacher wrote this on the board on the first day, and we had to translate it for homework: "${FRENCH.slice(0, 90)}" It took me the whole evening, and I am still not sure about the second half of it, but I think that the point was to make us use the dictionary.`;
    expect(detectLanguage(quoting).english).toBe(true);
    const names =
      'The following is a list of the chief justices of the Maldives.\nQazi Mohamed Shamsuddeen\nQazi Hassan Thajuddeen\nQazi Ibrahim Rasheed\nQazi Ahmed Didi\nQazi Ali Naseer\nQazi Abdulla Saeed';
    expect(detectLanguage(names).english).toBe(true);
  });
});
