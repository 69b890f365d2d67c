import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { apiErrorResponse } from '@plainspoken/shared';
import { createTestProduct, type TestProduct } from '../../test/harness';

describe('history cursors', () => {
  let t: TestProduct;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    cookie = (await t.newUser()).cookie;
  });
  afterAll(async () => t.close());

  const cursor = (at: string) =>
    Buffer.from(`${at}|00000000-0000-4000-8000-000000000000`, 'utf8').toString('base64url');

  it('refuses a cursor with a date the database cannot hold, with a reason instead of a 500', async () => {
    const list = (c: string) =>
      testClient(t.app).api.transformations.$get({ query: { cursor: c } }, { headers: { cookie } });
    for (const at of ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '1066-10-14T00:00:00.000Z']) {
      const r = await list(cursor(at));
      expect(r.status, at).toBe(400);
      expect(apiErrorResponse.parse(await r.json()).error.message).toMatch(/cursor/);
    }
    const ok = await list(cursor(new Date().toISOString()));
    expect(ok.status).toBe(200);
  });
});
