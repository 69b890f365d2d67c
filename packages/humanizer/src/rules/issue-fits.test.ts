/**
 * The light edit is never less correct than its input: each failure users reported, in both modes, and
 * the grammar guard that reverts an edit whose sentence gains an agreement or article problem.
 */
import { mask } from '../protect.ts';
import { describe, expect, it } from 'vitest';
import { localHumanize } from '../local/index.ts';
import { grammarKept } from '../local/rule-pass.ts';
import { makeRng } from '../rng.ts';
import { grammarProblems, newProblems, subjectNumber } from './grammar.ts';
import { replaceOpener, replacePhrases } from './phrases.ts';
import { replaceWords } from './words.ts';

const ctx = (seed = 1, recent?: string) => ({
  rng: makeRng(seed),
  usage: new Map<string, number>(),
  contractProb: 1,
  recent,
});
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const both = (text: string): string[] =>
  SEEDS.flatMap((seed) => (['lightning', 'deep'] as const).map((m) => localHumanize(text, m, { seed }).text));

describe('replacements fit the sentence', () => {
  it('inflects a replaced verb phrase for its subject ("restaurants are central", never "restaurants is")', () => {
    const outs = both(
      'Local restaurants play a pivotal role in the life of the town. People meet there after work and on weekends.',
    );
    for (const out of outs) {
      expect(out).not.toMatch(/restaurants (?:is|matters|was)\b/);
      expect(out).toMatch(/restaurants (?:are central to|matter a lot for|play a pivotal role in)/);
    }
    expect(outs.some((o) => /restaurants (?:are central to|matter a lot for)/.test(o))).toBe(true);
    for (let s = 0; s < 8; s++) {
      expect(replacePhrases('The teachers played a crucial role in the reform.', ctx(s))).toMatch(
        /The teachers (?:were central to|mattered a lot for) the reform\./,
      );
      expect(replacePhrases('She plays a key role in the team.', ctx(s))).toMatch(
        /She (?:is central to|matters a lot for) the team\./,
      );
      expect(replacePhrases('He has played a vital role in it.', ctx(s))).toMatch(
        /He has (?:been central to|mattered a lot for) it\./,
      );
      expect(replacePhrases('They will play a vital role in it.', ctx(s))).toMatch(
        /They will (?:be central to|matter a lot for) it\./,
      );
      expect(replacePhrases('These changes leave a lasting impact.', ctx(s))).toBe(
        'These changes have a lasting effect.',
      );
      expect(replacePhrases('We can harness the power of data.', ctx(s))).toMatch(/We can (?:use|make use of) data\./);
    }
  });

  it('leaves stakeholders, robust (as "sturdy"), vibrant (as "busy") and elevate alone or chooses by context', () => {
    for (const out of both(
      'We deliver value to our stakeholders in every market. There is robust demand for housing in the region. Elevate your hydration with our new bottle. The vibrant colors of the market attract visitors.',
    )) {
      expect(out).toContain('to our stakeholders');
      expect(out).not.toMatch(/parties|people involved|sturdy|solid demand|Lift your|Raise your|Improve your/);
      expect(out).toMatch(/(?:robust|strong) demand/);
      expect(out).toMatch(/(?:vibrant|bright) colors/);
    }
  });

  it('keeps or inserts the article a superlative needs ("use the latest technology")', () => {
    for (const out of both(
      'Our partners leverage cutting-edge technology to serve clients. Our team adopted a cutting-edge approach last year.',
    )) {
      expect(out).not.toMatch(/(?<!the )(?:newest|latest) technology/);
      expect(out).not.toMatch(/\ba (?:latest|newest|advanced)\b/);
    }
    for (let s = 0; s < 12; s++) {
      const out = replaceWords('Companies use cutting-edge technology.', ctx(s));
      expect(out).toMatch(/^Companies use (?:the latest|the newest|advanced) technology\.$/);
      expect(replaceWords('New cutting-edge tools arrived.', ctx(s))).toBe('New advanced tools arrived.');
      expect(replaceWords('This approach is cutting-edge.', ctx(s))).toBe('This approach is advanced.');
    }
  });

  it('does not repeat a word just used ("improved efficiency … improved well-being")', () => {
    for (const out of both('The program improved efficiency and enhanced well-being for staff across the company.'))
      expect(out).not.toMatch(/improved efficiency and improved/);
    expect(replaceWords('It enhanced trust.', ctx(1, 'The plan improved sales.'))).toBe('It enhanced trust.');
  });

  it('never joins sentences or repeats an inserted paragraph opener', () => {
    const text = [
      'I tried every diet for years. Consequently, I finally went to a nutritionist who explained meal planning.',
      'The city has many new restaurants. Therefore, the culinary scene keeps growing every year.',
      'The owners work hard every day. Therefore, they deserve the support of the whole town.',
    ].join('\n\n');
    for (const out of both(text)) {
      const opener = (p: string): string => (/[.!?]\s+([A-Z][a-z]*)/.exec(p)?.[1] ?? '').toLowerCase();
      const inserted = out
        .split('\n\n')
        .map(opener)
        .filter((w) => !['consequently', 'therefore'].includes(w));
      expect(new Set(inserted).size, out).toBe(inserted.length);
      expect(out.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length).toBeGreaterThanOrEqual(6);
      expect(out).not.toMatch(/, and (?:the|they|i)\b/i);
    }
    expect(replaceOpener('Therefore, we left.', ctx())).toMatch(
      /^(?:So we|Because of this, we|As a result, we) left\.$/,
    );
  });
});

describe('the grammar guard', () => {
  it('reads the subject number from the POS tags', () => {
    const at = (s: string, verb: string) => subjectNumber(s, s.indexOf(verb));
    expect(at('Local restaurants play a role.', 'play')).toBe('pl');
    expect(at('The importance of these benefits cannot be overstated.', 'cannot')).toBe('sg');
    expect(at('Anna and Ben play well.', 'play')).toBe('pl');
    expect(at('The students who play sports rest.', 'play')).toBe('pl');
    expect(at('James plays well.', 'plays')).toBe(null);
    expect(at('The city plays a role.', 'plays')).toBe('sg');
    // Examples after "like" or "such as" do not govern the verb, even when the protector masked them.
    expect(at('Social media platforms like Twitter and Facebook played a critical role.', 'played')).toBe('pl');
    const masked = mask('Social media platforms like Twitter and Facebook played a critical role.', {
      names: true,
    }).text;
    expect(at(masked, 'played')).toBe('pl');
    expect(at('A tool such as a hammer helps.', 'helps')).toBe('sg');
  });

  it('finds agreement and article problems', () => {
    expect(grammarProblems('Local restaurants is central to the town.')).toEqual(['agreement: restaurants is']);
    expect(grammarProblems('They was there.')).toEqual(['agreement: They was']);
    expect(grammarProblems('Companies use newest technology.')).toEqual(['article: newest technology']);
    expect(grammarProblems('We bought a apple.')).toEqual(['article: a apple']);
    expect(grammarProblems('We deliver value to a parties.')).toEqual(['article: a parties']);
    expect(grammarProblems('Local restaurants are central to the town.')).toEqual([]);
    expect(grammarProblems('Companies use the latest technology.')).toEqual([]);
    expect(grammarProblems('The importance of these benefits is huge.')).toEqual([]);
  });

  it('reverts an edit whose sentence gains a problem and keeps one that does not', () => {
    expect(grammarKept('Local restaurants play a pivotal role.', 'Local restaurants is central.')).toBe(false);
    expect(grammarKept('Firms leverage cutting-edge tools.', 'Firms use newest tools.')).toBe(false);
    expect(grammarKept('Local restaurants play a pivotal role.', 'Local restaurants are central.')).toBe(true);
    // A problem the original already had is not the edit's fault.
    expect(newProblems('The results is clear and crucial.', 'The results is clear and important.')).toEqual([]);
  });

  it('reads the sentence with its protected spans put back', () => {
    // A name behind a placeholder tags differently: the masked pair looks fine, the sentence as written does not.
    const before = mask("The gulls that follow the trawler and Maria's dinghy also play a big part in the tale.", {
      names: true,
    });
    const after = mask("The gulls that follow the trawler and Maria's dinghy also are central to the tale.", {
      names: true,
    });
    expect(before.spans.map((s) => s.text)).toEqual(["Maria's"]);
    expect(grammarKept(before.text, after.text)).toBe(true);
    expect(grammarKept(before.text, after.text, before.spans)).toBe(false);
  });
});
