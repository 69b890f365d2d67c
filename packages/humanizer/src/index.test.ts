import { describe, expect, it } from 'vitest';
import { humanize } from './index.ts';
import { SAMPLES } from './samples.ts';

describe('humanize edge cases', () => {
  it('returns empty or blank input unchanged', async () => {
    const r = await humanize('   ', { mode: 'deep' });
    expect(r.text).toBe('   ');
    expect(r.engine).toBe('local');
  });

  const bigText = (chars: number): string => {
    let big = '';
    while (big.length < chars) big += `${SAMPLES[big.length % SAMPLES.length]}\n\n`;
    return big;
  };

  it('handles input just under 60,000 characters without throwing (Lightning)', async () => {
    const big = bigText(58_000);
    const r = await humanize(big, { mode: 'lightning', seed: 1 });
    expect(r.text.length).toBeGreaterThan(big.length * 0.8);
    expect(r.checks.spansKept).toBe(true);
  });

  it('handles a long input in Deep within its time budget', async () => {
    const big = bigText(15_000);
    const t0 = Date.now();
    const r = await humanize(big, { mode: 'deep', seed: 1 });
    expect(r.text.length).toBeGreaterThan(big.length * 0.8);
    expect(r.checks.spansKept).toBe(true);
    expect(Date.now() - t0).toBeLessThan(30_000);
  });

  it('returns input over the limit unchanged, with a note', async () => {
    const big = bigText(61_000);
    const r = await humanize(big, { mode: 'lightning' });
    expect(r.text).toBe(big);
    expect(r.engineNote).toMatch(/too long/);
  });

  it('keeps CRLF line endings and paragraph breaks', async () => {
    const t = 'Moreover, it is crucial.\r\n\r\nFurthermore, we utilize it.\r\n';
    const r = await humanize(t, { mode: 'lightning', seed: 1 });
    expect(r.text.split('\r\n')).toHaveLength(t.split('\r\n').length);
  });

  it('survives a throwing progress listener and an unknown mode value', async () => {
    const r = await humanize(SAMPLES[0]!, {
      mode: 'fast' as never,
      onProgress: () => {
        throw new Error('x');
      },
    });
    expect(r.text.length).toBeGreaterThan(0);
  });
});
