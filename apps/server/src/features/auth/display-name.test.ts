import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, shownName } from '@plainspoken/shared';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';

describe.each(DB_KINDS)('display name on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  it('sets a display name on the own account only, refuses a bad one with a reason, and shows the email until set', async () => {
    const u = await t.newUser();
    // better-auth's own route (not in AppType): its answer is checked against the shape read here.
    const sessionAnswer = z.object({ user: z.object({ name: z.string(), email: z.string() }) });
    const session = async () =>
      sessionAnswer.parse(await (await t.req('/api/auth/get-session', { method: 'GET', cookie: u.cookie })).json())
        .user;
    expect(shownName(await session())).toBe(u.email);

    const ok = await t.req('/api/auth/update-user', { body: { name: '  Ada Lovelace ' }, cookie: u.cookie });
    expect(ok.status).toBe(200);
    expect(shownName(await session())).toBe('Ada Lovelace');

    const long = await t.req('/api/auth/update-user', {
      body: { name: 'x'.repeat(DISPLAY_NAME_MAX + 1) },
      cookie: u.cookie,
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: expect.stringMatching(/at most 80 characters/) as unknown });
    const ctl = await t.req('/api/auth/update-user', { body: { name: 'Ada\u0007' }, cookie: u.cookie });
    expect(ctl.status).toBe(400);

    const anon = await t.req('/api/auth/update-user', { body: { name: 'Mallory' } });
    expect(anon.status).toBe(401);
    expect(shownName(await session())).toBe('Ada Lovelace');
  });
});
