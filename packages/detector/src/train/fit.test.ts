import { describe, expect, it } from 'vitest';
import { excerpts, type Doc } from './fit.ts';

const doc = (text: string): Doc => ({
  id: 'd1',
  text,
  label: 'ai',
  source: 's',
  domain: 'essay_x',
  generator: 'g',
  attack: 'none',
  group: 'grp',
  file: 'f',
});

describe('training excerpts', () => {
  const text = Array.from({ length: 10 }, (_, i) => `Sentence number ${i + 1} is here.`).join(' ');

  it("takes runs of half the sentences, the same on every run, keeping the text's group and label", () => {
    const a = excerpts(doc(text), 2);
    expect(a).toHaveLength(2);
    expect(excerpts(doc(text), 2)).toEqual(a);
    for (const e of a) {
      expect(text.includes(e.text)).toBe(true);
      expect(e.text.match(/Sentence number/g)).toHaveLength(5);
      expect(e.text).toMatch(/^Sentence number \d+ is here\.( Sentence number \d+ is here\.){4}$/);
      expect([e.group, e.label, e.file, e.domain]).toEqual(['grp', 'ai', 'f', 'essay_x']);
      expect(e.id).not.toBe('d1');
    }
  });

  it('leaves short texts and a count of 0 alone', () => {
    expect(excerpts(doc('One. Two. Three. Four. Five.'), 2)).toEqual([]);
    expect(excerpts(doc(text), 0)).toEqual([]);
  });
});
