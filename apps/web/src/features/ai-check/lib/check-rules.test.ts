import { describe, expect, it } from 'vitest';
import { AI_CHECK_TITLES, aiCheckCaution } from '@plainspoken/shared';
import { verdictDetail, verdictTitle } from './check-rules';

// Every figure a line names must be one the composition bar shows, so the line agrees with the highlights.
const figures = (s: string) => [...s.matchAll(/(\d+)%/g)].map((m) => Number(m[1]));

describe('verdictDetail', () => {
  it('a human verdict names the share with machine-like signs, and says so when no sentence is flagged', () => {
    const detail = verdictDetail('human', { ai: 0, mixed: 18, human: 82 });
    expect(detail).toContain('18% of it shows some machine-like signs');
    expect(detail).toContain('no sentence reads as machine-written');
    expect(verdictDetail('human', { ai: 5, mixed: 79, human: 16 })).toContain('5% of it reads as machine-written');
    expect(verdictDetail('human', { ai: 0, mixed: 0, human: 100 })).toBe(
      'Little in this text stands out as machine-written by our estimate.',
    );
  });

  it('a machine verdict with no human part says so, and never speaks of human-written parts', () => {
    const detail = verdictDetail('ai', { ai: 34, mixed: 66, human: 0 });
    expect(detail).toContain('None of it reads as human-written');
    expect(figures(detail)).toEqual([34, 66]);
    expect(verdictDetail('ai', { ai: 0, mixed: 70, human: 30 })).toContain('No one sentence reads as machine-written');
    expect(figures(verdictDetail('ai', { ai: 34, mixed: 55, human: 11 }))).toEqual([34, 55, 11]);
  });

  it('mixed names both parts with the figures shown', () => {
    expect(figures(verdictDetail('mixed', { ai: 40, mixed: 30, human: 30 }))).toEqual([40, 30, 30]);
    expect(figures(verdictDetail('mixed', { ai: 40, mixed: 0, human: 60 }))).toEqual([40, 60]);
  });

  it('"hard to judge" says why, then what was seen, without accusing', () => {
    const caution = aiCheckCaution({ reason: 'email_like', short: true, emailLike: true, measured: null })!;
    expect(caution).toContain('Short emails are hard to judge');
    const detail = verdictDetail('unclear', { ai: 0, mixed: 45, human: 55 }, caution);
    expect(detail.startsWith(caution)).toBe(true);
    expect(detail).toContain('No sentence reads as machine-written; 45% shows some machine-like signs');
    expect(verdictTitle.unclear).toEqual({ title: AI_CHECK_TITLES.unclear, tone: 'mid' });
    expect(AI_CHECK_TITLES.unclear).toBe('Hard to judge');
  });

  it('says how sure the check is for a short text, with the measured figures where there are some', () => {
    expect(aiCheckCaution({ reason: null, short: false, emailLike: false, measured: null })).toBeNull();
    expect(aiCheckCaution({ reason: 'short_text', short: true, emailLike: false, measured: null })).toContain(
      'Short texts are hard to judge',
    );
    expect(aiCheckCaution({ reason: null, short: true, emailLike: false, measured: null })).toContain('Under 80 words');
    const measured = { humans: 400, humansFlagged: 2, ai: 300, aiFlagged: 210 };
    expect(aiCheckCaution({ reason: null, short: true, emailLike: false, measured })).toContain(
      'flagged 1% of those people wrote and 70% of those models wrote',
    );
    expect(aiCheckCaution({ reason: 'email_like', short: false, emailLike: true, measured: null })).toContain(
      'Emails and letters are hard to judge',
    );
  });
});
