import { apiErrorResponse } from '@plainspoken/shared';
import { testClient } from 'hono/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../test/harness';
import { unstorableAt } from './http';

describe('NUL and broken text, refused in one place', () => {
  let t: TestProduct;
  let u: { cookie: string };
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    u = await t.newUser();
  });
  afterAll(async () => t.close());

  const api = () => testClient(t.app).api;
  const by = () => ({ headers: { cookie: u.cookie } });
  /** Either client's answer: the refusal comes from the error handler, so it is read with the shared schema. */
  const refused = async (r: { status: number; json(): Promise<unknown> }, field: string) => {
    expect(r.status, field).toBe(400);
    const b = apiErrorResponse.parse(await r.json());
    expect(b.error.code).toBe('VALIDATION');
    expect(b.error.message).toBe(
      `Invalid request. ${field}: contains a NUL character (U+0000) or a broken surrogate pair, which no text may hold. Remove it and try again.`,
    );
  };

  it('finds the first bad string or key anywhere in a JSON value', () => {
    expect(unstorableAt({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(unstorableAt({ ['k\u0000']: 1 })).toEqual(['k?']);
    expect(unstorableAt(['\ud800'])).toEqual(['0']);
    expect(unstorableAt({ ok: '😀 fine \ud83d\ude00', n: 1, z: null })).toBeNull();
  });

  it('answers 400 naming the field for an API key name, a search, a rewrite and a sign-in (formerly two 500s)', async () => {
    await refused(await api()['api-keys'].$post({ json: { name: '\u0000' } }, by()), 'name');
    await refused(await api().transformations.$get({ query: { q: '\u0000' } }, by()), 'q');
    // A NUL in a parameter's name: no typed call can send that.
    await refused(await t.req('/api/transformations?q=a&%00=1', { cookie: u.cookie }), 'query');
    await refused(
      await api().functions['humanize-text'].$post(
        { json: { text: `${'word '.repeat(60)}\u0000`, mode: 'lightning' } },
        by(),
      ),
      'text',
    );
    await refused(
      await t.req('/api/auth/sign-in/email', { body: { email: 'a@example.com', password: 'x\ud800y' } }),
      'password',
    );
    // Raw: the typed client puts a path parameter into the URL as it is, not percent-encoded.
    await refused(await t.req('/api/transformations/abc%00', { method: 'DELETE', cookie: u.cookie }), 'path');
    await refused(
      await t.req('/v1/humanize', {
        body: { text: 'a\u0000', mode: 'lightning' },
        headers: { authorization: 'Bearer psk_nope' },
      }),
      'text',
    );
  });

  it('leaves good text alone, and malformed JSON to the route', async () => {
    const ok = await api()['api-keys'].$post({ json: { name: 'laptop 😀 ök' } }, by());
    expect(ok.status).not.toBe(400); // (a Free account is then told keys need a paid plan)
    expect(apiErrorResponse.partial().parse(await ok.json()).error?.code).not.toBe('VALIDATION');
    const bad = await t.req('/api/api-keys', {
      rawBody: '{"name":',
      cookie: u.cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await api().transformations.$get({ query: { q: 'café' } }, by())).status).toBe(200);
  });

  it('refuses a large OAuth callback body instead of echoing it into a redirect', async () => {
    const r = await t.req('/api/auth/callback/google', {
      method: 'POST',
      rawBody: `state=x&code=${'a'.repeat(100_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    // A small callback body, JSON (already read once by the bad-text check) or a form, still reaches auth.
    for (const [type, rawBody] of [
      ['application/json', '{}'],
      ['application/x-www-form-urlencoded', 'state=x&code=y'],
    ]) {
      const ok = await t.req('/api/auth/callback/google?days=1', {
        method: 'POST',
        rawBody,
        headers: { 'content-type': type! },
      });
      expect(ok.status, type).toBeLessThan(500);
    }
  });
});
