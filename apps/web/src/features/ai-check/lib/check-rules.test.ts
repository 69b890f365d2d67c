import { describe, expect, it } from 'vitest';
import { docVerdictText, verdictDetail } from './check-rules';

describe('verdictDetail', () => {
  it('says a text called human-written shows machine-like signs when most of its words do', () => {
    const detail = verdictDetail('human', { ai: 5, mixed: 79, human: 16 });
    expect(detail).toContain('84% of it shows machine-like signs');
    expect(detail).not.toBe(docVerdictText.human.detail);
  });

  it('keeps "little stands out" for a text that mostly reads as human-written', () => {
    expect(verdictDetail('human', { ai: 0, mixed: 30, human: 70 })).toBe(docVerdictText.human.detail);
    expect(verdictDetail('human', { ai: 10, mixed: 39, human: 51 })).toBe(docVerdictText.human.detail);
  });

  it('leaves the AI and mixed verdicts their own line', () => {
    expect(verdictDetail('ai', { ai: 90, mixed: 10, human: 0 })).toBe(docVerdictText.ai.detail);
    expect(verdictDetail('mixed', { ai: 40, mixed: 30, human: 30 })).toBe(docVerdictText.mixed.detail);
  });
});
