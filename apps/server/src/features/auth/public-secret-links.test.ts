import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorResponse } from '@plainspoken/shared';
import { listOutbox } from '../../lib/mail';
import { KNOWN_SECRETS } from '../../env';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { PUBLIC_SECRET_LINK_REFUSAL } from './auth.routes';

/** A server signing with a public secret honours email links only from this machine. */
describe('email links under a public secret', () => {
  let t: TestProduct;
  beforeAll(async () => {
    // A near-copy of the development secret (a trailing blank, other case): still public.
    t = await createTestProduct({
      env: { RATE_LIMITS: 'off', BETTER_AUTH_SECRET: `${KNOWN_SECRETS[0]!.toUpperCase()} ` },
    });
  });
  afterAll(async () => t.close());

  it('refuses verification, sign-in and reset links from another machine, and honours them from loopback', async () => {
    const email = 'near-copy@example.com';
    expect((await t.signUp(email, 'password123', '127.0.0.1')).status).toBe(200);
    const mail = (await listOutbox(t.deps.db)).find((m) => m.to === email)!;
    const link = new URL(mail.links.find((l) => l.includes('/api/auth/verify-email'))!);
    const path = link.pathname + link.search;
    // The harness's requests arrive from loopback; x-forwarded-for names the client a trusted proxy saw.
    for (const p of [
      path,
      '/api/auth/magic-link/verify?token=x&callbackURL=%2F',
      '/api/auth/reset-password/x?callbackURL=%2F',
    ]) {
      const far = await t.req(p, { ip: '203.0.113.7' });
      expect(far.status, p).toBe(403);
      expect(apiErrorResponse.parse(await far.json()).error.message).toBe(PUBLIC_SECRET_LINK_REFUSAL);
    }
    const reset = await t.req('/api/auth/reset-password', {
      body: { token: 'x', newPassword: 'password456' },
      ip: '203.0.113.7',
    });
    expect(reset.status).toBe(403);
    const near = await t.req(path, { ip: '127.0.0.1' });
    expect(near.status).toBe(302);
    expect(near.headers.get('location')).not.toMatch(/error=/);
  });
});
