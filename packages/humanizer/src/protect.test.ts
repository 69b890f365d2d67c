import { describe, expect, it } from 'vitest';
import { mask, sameSentinels, spansKept, unmask } from './protect.ts';

describe('mask / unmask', () => {
  const text =
    'On March 5, 2021, Dr. Jane Smith of Acme Corp paid $4.5 million (Smith et al., 2020) for 12% of "the whole thing" at https://example.com/a?b=1 and wrote to jane@example.com about `npm run x` and [the docs](https://example.com).';

  it('round-trips exactly', () => {
    const m = mask(text);
    expect(unmask(m.text, m.spans)).toBe(text);
  });

  it('protects numbers, names, money, quotes, links, emails, code and citations', () => {
    const kinds = new Map(mask(text).spans.map((s) => [s.text, s.kind]));
    expect(kinds.get('March 5, 2021')).toBe('number');
    expect(kinds.get('$4.5')).toBe('number');
    expect(kinds.get('12%')).toBe('number');
    expect(kinds.get('Jane Smith of Acme Corp')).toBe('name');
    expect(kinds.get('"the whole thing"')).toBe('quote');
    expect(kinds.get('https://example.com/a?b=1')).toBe('url');
    expect(kinds.get('jane@example.com')).toBe('email');
    expect(kinds.get('`npm run x`')).toBe('code');
    expect(kinds.get('(Smith et al., 2020)')).toBe('citation');
    expect(kinds.get('[the docs](https://example.com)')).toBe('link');
  });

  it('does not take the words between two quotations for a quotation', () => {
    const quotes = mask('"It was not our call," the coach said on Friday, and "we move on" was all he added.')
      .spans.filter((s) => s.kind === 'quote')
      .map((s) => s.text);
    expect(quotes).toEqual(['"It was not our call,"', '"we move on"']);
    // A one-word quotation is not protected, and its closing mark does not open the next one.
    const one = mask('They called it "Bluebird" and the crew said " back on the water " twice.').spans;
    expect(one.filter((s) => s.kind === 'quote')).toEqual([]);
  });

  it('a capital after a quotation that ends its sentence starts the next one; after "etc." it may be a name', () => {
    const after = mask('The coach said "We are done for the season." Also, the club hired a scout from Leeds.').spans;
    expect(after.map((s) => s.text)).toEqual(['"We are done for the season."', 'Leeds']);
    const inside = mask('He said "we are done," Also Sprach was playing.').spans;
    expect(inside.map((s) => `${s.kind}:${s.text}`)).toContain('name:Also Sprach');
  });

  it('leaves ordinary words and sentence-initial capitals alone', () => {
    const m = mask('Moreover, the team worked hard. Teachers agreed.');
    expect(m.spans).toHaveLength(0);
  });

  it('resolves spans nested inside later spans (no sentinel can leak)', () => {
    const t = 'He said, "join #launch today at https://example.org now," and left.';
    const m = mask(t);
    expect(unmask(m.text, m.spans)).toBe(t);
    expect(m.spans.every((s) => !/[\uE000-\uE001]/.test(s.text))).toBe(true);
    expect(spansKept(t, t)).toBe(true);
  });

  it('does not run a name across a line break', () => {
    const m = mask('A Journey Worth Revisiting\n\nIn the end it was fine.');
    expect(m.spans.every((s) => !s.text.includes('\n'))).toBe(true);
  });

  it('compares sentinel multisets', () => {
    const m = mask('Paris has 3 parks and 4 lakes.');
    expect(sameSentinels(m.text, m.text.replace('parks', 'gardens'))).toBe(true);
    expect(sameSentinels(m.text, m.text.replace(/\uE000..\uE001/, ''))).toBe(false);
  });

  it('spansKept fails when a number or name is lost', () => {
    const t = 'We met Anna Berg in 2019 and spent $30.';
    expect(spansKept(t, 'We saw Anna Berg in 2019 and spent $30.')).toBe(true);
    expect(spansKept(t, 'We met Anna in 2019 and spent $30.')).toBe(false);
    expect(spansKept(t, 'We met Anna Berg in 2018 and spent $30.')).toBe(false);
  });
});
