import { describe, expect, it } from 'vitest';
import { negations } from '../checks.ts';
import { applyLocalStyle, localStyleSupport } from './style.ts';

const TEXT =
  'However, we do not utilize the old server. It is slow, and "we do not trust it" is what the team said. Therefore, it will not return.';

describe('local style for the writing options', () => {
  it('casual: contractions and plainer connectives, never inside a quotation', () => {
    const r = applyLocalStyle(TEXT, { tone: 'casual', readingLevel: 'standard' });
    expect(r.text).toBe(
      "But we don't use the old server. It's slow, and \"we do not trust it\" is what the team said. So it won't return.",
    );
    expect(r.applied).toEqual(['plainer connectives', 'contractions']);
    expect(negations(r.text)).toBe(negations(TEXT));
  });

  it('academic and professional tones need a model: nothing changes locally', () => {
    expect(applyLocalStyle(TEXT, { tone: 'academic', readingLevel: 'standard' })).toEqual({ text: TEXT, applied: [] });
    expect(localStyleSupport({ tone: 'professional', readingLevel: 'advanced' })).toEqual({
      contractions: false,
      connectives: false,
    });
  });

  it('simple reading level gets plainer connectives even in an academic tone, but no contractions', () => {
    const r = applyLocalStyle(TEXT, { tone: 'academic', readingLevel: 'simple' });
    expect(r.text).toContain('But we do not use');
    expect(r.applied).toEqual(['plainer connectives']);
  });

  it('keeps a final "it is" and leaves code lines alone', () => {
    expect(
      applyLocalStyle('That is what it is.\n    do not touch', { tone: 'casual', readingLevel: 'standard' }).text,
    ).toBe("That's what it is.\n    do not touch");
  });
});
