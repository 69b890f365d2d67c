import { describe, expect, it } from 'vitest';
import { formatAuthz, runAuthz } from './test/authz';
import { formatFuzz, runFuzz } from './test/fuzz';

/** Reduced forms of npm run test:fuzz and npm run test:authz (same code, fewer fuzz cases). */
describe('security sweeps', () => {
  it('fuzz: generated bad input on every endpoint gets no 5xx, no stack trace, and a refusal changes nothing', async () => {
    const f = await runFuzz({ casesPerEndpoint: 4, seed: 20_261_123, everyNulField: false });
    expect(f.endpoints, formatFuzz(f)).toBeGreaterThan(60);
    expect(f.refusals).toBeGreaterThan(f.cases / 2);
    expect(f.nulCases).toBeGreaterThanOrEqual(f.endpoints * 3);
    expect(f.failures, formatFuzz(f)).toEqual([]);
  }, 180_000);

  it('authz: every endpoint × {signed out, user A, user B, admin}: no cross-user read or write, admin endpoints for admins only', async () => {
    const f = await runAuthz();
    const report = formatAuthz(f);
    expect(f.endpoints, report).toBeGreaterThan(60);
    expect(f.crossUserReads, report).toEqual([]);
    expect(f.crossUserWrites, report).toEqual([]);
    expect(f.adminReachable, report).toEqual([]);
    // The checks can see what they look for: A's own requests read A's history and change A's state.
    expect(f.ownReadsSeen).toBeGreaterThan(0);
    expect(f.ownWritesSeen).toBeGreaterThan(0);
    // The public API was called with A's and B's own keys (and each key aimed at A's things).
    expect(f.apiKeyCallsOk, report).toBeGreaterThan(0);
  }, 180_000);
});
