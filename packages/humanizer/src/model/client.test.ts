import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelClient, ProviderError } from './client.ts';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';

const PROMPT = 'Rewrite.\n\n<text>\nMoreover, it is crucial to utilize the tools.\n</text>';

describe('ModelClient against the fake provider over HTTP', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider({ corpus: false });
  });
  afterAll(async () => {
    await fake.close();
  });
  const client = (
    extra: Partial<ConstructorParameters<typeof ModelClient>[0]> = {},
    deadlineMs = 20_000,
  ): ModelClient =>
    new ModelClient(
      { baseURL: fake.url, apiKey: 'k', model: 'm', callTimeoutMs: 2_000, ...extra },
      Date.now() + deadlineMs,
    );

  it('reads a plain JSON answer and its token usage', async () => {
    fake.setMode('ok');
    const c = client();
    const r = await c.complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm' });
    expect(r.text).toMatch(/tools\./);
    expect(r.tokens).toBeGreaterThan(0);
    expect(c.tokensUsed).toBe(r.tokens);
  });

  it('reads a streamed (SSE) answer in small chunks', async () => {
    fake.setMode('stream');
    const r = await client().complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm', stream: true });
    expect(r.text).toMatch(/tools\./);
    expect(r.tokens).toBeGreaterThan(0);
  });

  it('retries 429 with backoff and then succeeds', async () => {
    const f = await startFakeProvider({ corpus: false, failFirst: 2 });
    f.setMode('429');
    const c = new ModelClient({ baseURL: f.url, model: 'm' }, Date.now() + 20_000);
    const r = await c.complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm' });
    expect(r.text.length).toBeGreaterThan(0);
    expect(f.requests).toBe(3);
    await f.close();
  });

  it('gives up on a persistent 500 after the retries', async () => {
    fake.setMode('500');
    const before = fake.requests;
    await expect(
      client().complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm' }),
    ).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(fake.requests - before).toBe(3);
  });

  it('times out a call that never answers (one retry)', async () => {
    fake.setMode('timeout');
    const before = fake.requests;
    const t0 = Date.now();
    await expect(
      client({ callTimeoutMs: 300 }).complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm' }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(fake.requests - before).toBe(2);
  });

  it('fails fast on a malformed body', async () => {
    fake.setMode('malformed');
    const before = fake.requests;
    await expect(
      client().complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm' }),
    ).rejects.toMatchObject({ kind: 'malformed' });
    expect(fake.requests - before).toBe(1);
  });

  it('respects the overall deadline', async () => {
    fake.setMode('timeout');
    const t0 = Date.now();
    await expect(
      client({ callTimeoutMs: 10_000 }, 500).complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm' }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it('limits concurrency', async () => {
    const f = await startFakeProvider({ corpus: false, delayMs: 60 });
    const c = new ModelClient({ baseURL: f.url, model: 'm', maxConcurrency: 2 }, Date.now() + 20_000);
    await Promise.all(
      Array.from({ length: 6 }, () => c.complete({ system: 's', prompt: PROMPT, temperature: 0.3, model: 'm' })),
    );
    expect(f.maxInFlight).toBeLessThanOrEqual(2);
    expect(f.requests).toBe(6);
    await f.close();
  });
});
