// The sentence review (issue 57): sentences flagged only on named evidence, reasons that name the words, and a
// verdict that agrees with the sentences. Every text here was written for these tests.
import { describe, expect, it } from 'vitest';
import type { SentenceScore } from './core.ts';
import { evidenceOf, wordingCues } from './explain.ts';
import { detect } from './index.ts';
import { defaultWeightsDir, loadDetectorFrom } from './io.ts';
import { reviewSentence, sentencesBackFlag, SURE_SENTENCE_AT } from './review.ts';
import { normalizeForFeatures } from './text.ts';
import { HUMAN_PART_AT } from './verdict.ts';

const COVER_LETTER = `Dear Hiring Manager,

I am writing to express my strong interest in the Marketing Coordinator position at Brightline Solutions. With a solid background in digital marketing and a passion for creating engaging content, I am confident that I would be a valuable addition to your team.

In my previous role at Harbor Creative, I successfully managed social media campaigns that increased engagement by 35%. I collaborated closely with cross-functional teams to develop innovative strategies that aligned with the company's goals. My strong communication skills and attention to detail have enabled me to consistently deliver high-quality results in fast-paced environments.

I am particularly drawn to Brightline Solutions because of your commitment to innovation and customer satisfaction. I am excited about the opportunity to contribute my skills and experience to help drive your marketing initiatives forward.

Thank you for considering my application. I look forward to the opportunity to discuss how my qualifications align with your needs.

Sincerely,
Jordan Ellis`;

const PRODUCT_COPY = `Elevate your morning routine with the AeroBrew Pour-Over Coffee Maker. Crafted from premium borosilicate glass and featuring a reusable stainless steel filter, this elegant brewer delivers a rich, smooth cup every time. Its sleek, modern design makes it a stylish addition to any kitchen, while the heat-resistant handle ensures a comfortable and secure grip. Whether you're a seasoned coffee enthusiast or just starting your brewing journey, the AeroBrew makes it easy to enjoy barista-quality coffee from the comfort of your home. Experience the perfect balance of form and function.`;

const PROMISE = "I'll bring it Thursday, promise.";
const CASUAL_EMAIL = `Hey Sam,

Sorry I missed your call yesterday, the kids had a dentist thing and it ran long. Yes we're still on for Saturday. I can pick up the ice on the way but can you grab more cups? We ran out last time and Dave ended up drinking out of a mug. Also my mom wants to come for an hour or so, hope that's ok. She's bringing that potato salad again so brace yourself. I still owe you the folding chairs. ${PROMISE}

See you then,
Kim`;

const ESSAY =
  'In conclusion, it is important to note that technology plays a pivotal role in fostering a culture of innovation. ' +
  'Moreover, leveraging these tools can significantly enhance productivity and streamline workflows in an ever-evolving landscape. ' +
  'Furthermore, this rich tapestry of ideas serves as a testament to the transformative power of collaboration.';

const sentence = (text: string, score: number, features: string[]): SentenceScore => ({
  text,
  start: 0,
  end: text.length,
  score,
  flagged: score >= 50,
  features,
});

/** The phrases a wording reason quotes. */
const quoted = (r: string): string[] => [...r.matchAll(/“([^”]+)”/g)].map((m) => m[1]!);

describe('the sentence review', () => {
  const det = loadDetectorFrom(defaultWeightsDir());

  it('names the words that raised a sentence, each one as it stands in the sentence', () => {
    const s =
      'I am excited about the opportunity to contribute my skills and experience to help drive your initiatives.';
    const cues = wordingCues(det, normalizeForFeatures(s));
    expect(cues.length).toBeGreaterThan(0);
    expect(cues.length).toBeLessThanOrEqual(3);
    for (const c of cues) {
      expect(s).toContain(c);
      expect(c).toMatch(/^[A-Za-z]/);
    }
    expect(wordingCues(det, '')).toEqual([]);
    // An AI-favoured word has its own reason and is not named twice; names inside a sentence are the writer's.
    const favoured = 'Its handle ensures a secure grip, and the lid ensures nothing leaks.';
    for (const c of wordingCues(det, favoured)) expect(c).not.toBe('ensures');
    const named =
      'I am writing to express my strong interest in the Marketing Coordinator role at Brightline Solutions.';
    for (const c of wordingCues(det, named)) expect(c).not.toMatch(/^(?:Marketing|Coordinator|Brightline|Solutions)/);
  });

  it('does not flag a sentence on one weak cue, and keeps the flag where the evidence is named', () => {
    // One cue on a middling score: some signs at most, and the bare family name is replaced or dropped.
    const promise = reviewSentence(det, sentence(PROMISE, 54, ['AI-typical wording', 'predictable phrasing']));
    expect(promise.flagged).toBe(false);
    expect(promise.score).toBeLessThanOrEqual(49);
    expect(promise.features).not.toContain('AI-typical wording');
    for (const r of promise.features) for (const q of quoted(r)) expect(PROMISE).toContain(q);
    const one = reviewSentence(det, sentence('Elevate the way you plan your week.', 60, ['AI-favoured word: elevate']));
    expect(one).toMatchObject({ flagged: false, score: 49 });
    // A strong tell (a stock phrase) is enough; so is one named cue where the model is sure of the sentence.
    const stock = sentence('When it comes to gardens, we water them at dawn.', 60, ['stock phrase']);
    expect(reviewSentence(det, stock)).toEqual(stock);
    const sure = sentence('Elevate the way you plan your week.', SURE_SENTENCE_AT + 5, ['AI-favoured word: elevate']);
    expect(reviewSentence(det, sure)).toEqual(sure);
    // Nothing named (no reason, or only a family's name or the text-wide uniform length): not highlighted, or
    // some signs at most where the model flagged it.
    for (const reasons of [[], ['predictable phrasing'], ['AI-typical sentence pattern', 'uniform sentence length']]) {
      expect(reviewSentence(det, sentence('We met at the station at noon.', 45, reasons))).toMatchObject({
        score: 29,
        flagged: false,
      });
      expect(reviewSentence(det, sentence('We met at the station at noon.', 90, reasons))).toMatchObject({
        score: reasons.length === 0 ? 29 : 49,
        flagged: false,
      });
    }
    // Below the highlights, a sentence is left as the model scored it.
    const low = sentence('We met at the station at noon.', 12, ['list of three']);
    expect(reviewSentence(det, low)).toBe(low);
    expect(reviewSentence(det, { ...low, features: ['AI-typical wording', 'em dash'] }).features).toEqual(['em dash']);
  });

  it('detect(): every flagged sentence has named evidence, and every quoted phrase is in its sentence', () => {
    for (const text of [COVER_LETTER, PRODUCT_COPY, CASUAL_EMAIL, ESSAY]) {
      const d = detect(text);
      for (const s of d.sentences) {
        expect(s.features).not.toContain('AI-typical wording');
        const wording = s.features.find((r) => r.startsWith('AI-typical wording:'));
        const cues = wording ? quoted(wording) : [];
        for (const q of cues) expect(normalizeForFeatures(s.text)).toContain(q);
        if (s.flagged) {
          expect(s.score).toBeGreaterThanOrEqual(50);
          expect(evidenceOf(s.features, cues.length) + (s.score >= SURE_SENTENCE_AT ? 1 : 0)).toBeGreaterThanOrEqual(2);
        }
        if (s.score >= 30 && s.score < 49) expect(evidenceOf(s.features, cues.length)).toBeGreaterThan(0);
      }
      const total = d.stats.aiWords + d.stats.mixedWords + d.stats.humanWords;
      if (d.verdict === 'mixed') {
        expect(d.stats.aiWords).toBeGreaterThan(0);
        expect(d.stats.humanWords / total).toBeGreaterThanOrEqual(HUMAN_PART_AT);
      }
    }
  });

  it('the stock cover letter and product copy read as machine-written; the casual email is not accused', () => {
    expect(detect(COVER_LETTER).verdict).toBe('ai');
    expect(detect(PRODUCT_COPY).verdict).toBe('ai');
    const email = detect(CASUAL_EMAIL);
    expect(email.verdict).toBe('human');
    const promise = email.sentences.find((s) => s.text === PROMISE)!;
    expect(promise.flagged).toBe(false);
    expect(promise.score).toBeLessThan(50);
  });

  it('says whether the sentences of a flagged text back the flag', () => {
    const st = (aiWords: number, mixedWords: number, humanWords: number) => ({
      aiWords,
      mixedWords,
      humanWords,
      run: aiWords,
    });
    expect(sentencesBackFlag({ flagged: true, stats: st(30, 10, 10) })).toBe(true);
    // A third flagged, no human part (the stock cover letter): backed. A human part of a fifth and a minority
    // flagged, or no flagged sentence at all: not backed.
    expect(sentencesBackFlag({ flagged: true, stats: st(34, 55, 11) })).toBe(true);
    expect(sentencesBackFlag({ flagged: true, stats: st(10, 30, 10) })).toBe(false);
    expect(sentencesBackFlag({ flagged: true, stats: st(0, 50, 0) })).toBe(false);
    expect(sentencesBackFlag({ flagged: false, stats: st(30, 10, 10) })).toBe(false);
  });
});
