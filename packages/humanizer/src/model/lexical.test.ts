import { describe, expect, it } from 'vitest';
import { checkFaithful } from './faithfulness/index.ts';
import { derivedSensesOf, lemma, sensesOf } from './lexical.ts';

describe('lemmas', () => {
  it('takes endings off verb forms and plurals, but not off words that only look inflected', () => {
    // Inflected forms go to their dictionary form.
    for (const [w, l] of [
      ['stopped', 'stop'],
      ['studied', 'study'],
      ['used', 'use'],
      ['feeling', 'feel'],
      ['being', 'be'],
      ['singing', 'sing'],
      ['ranging', 'range'],
      ['dying', 'die'],
      ['lying', 'lie'],
      ['arms', 'arm'],
      ['countries', 'country'],
      ['fled', 'flee'],
      ['threw', 'throw'],
      ['heard', 'hear'],
    ] as const)
      expect(lemma(w), w).toBe(l);
    // Words of their own whose last letters look like an ending keep their meaning: "need" is not "nee",
    // "thing" not "th", "news" not "new" (whose antonym is "old").
    for (const w of ['need', 'seed', 'feed', 'thing', 'bring', 'news', 'gas', 'shot', 'broken'])
      expect(lemma(w), w).toBe(w);
  });

  it('a verb keeps its synonyms: "need" and "require" share a sense', () => {
    expect(sensesOf(lemma('need')).some((k) => sensesOf(lemma('requires')).includes(k))).toBe(true);
  });

  it('links a word to the words derived from it, both ways, and not to unrelated words', () => {
    const linked = (a: string, b: string): boolean =>
      sensesOf(b).some((k) => derivedSensesOf(a).includes(k)) ||
      sensesOf(a).some((k) => derivedSensesOf(b).includes(k));
    for (const [a, b] of [
      ['announce', 'announcement'],
      ['announcement', 'announce'],
      ['quickly', 'quick'],
      ['musical', 'music'],
      ['decide', 'decision'],
    ] as const)
      expect(linked(a, b), `${a} / ${b}`).toBe(true);
    expect(linked('dog', 'cat')).toBe(false);
    expect(linked('announce', 'music')).toBe(false);
  });

  it('a sentence about the news does not reverse one about something old', () => {
    const o = 'The old bridge was closed for repairs last winter, and drivers were told to use the ferry.';
    const a =
      'Drivers heard on the news that the ancient bridge was shut for repairs last winter and that they should take the ferry.';
    expect(checkFaithful(o, a)).toMatchObject({ ok: true });
  });
});
