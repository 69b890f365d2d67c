import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEdit, startFakeProvider, type FakeProvider } from './fake-provider.ts';

describe('fake OpenAI-compatible provider', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider({ corpus: false });
  });
  afterAll(async () => {
    await fake.close();
  });
  const post = (body: unknown): Promise<Response> =>
    fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const msg = {
    model: 'm',
    messages: [{ role: 'user', content: 'Do it.\n\n<text>\nMoreover, we utilize {{1}} tools.\n</text>' }],
  };

  it('listens on 127.0.0.1 with a /v1 base URL', () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('answers plain chat completions with usage', async () => {
    fake.setMode('ok');
    const r = (await (await post(msg)).json()) as {
      choices: { message: { content: string } }[];
      usage: { total_tokens: number };
    };
    expect(r.choices[0]!.message.content).toMatch(/tools\./);
    expect(r.usage.total_tokens).toBeGreaterThan(0);
  });

  it('streams server-sent events ending in [DONE]', async () => {
    fake.setMode('stream');
    const res = await post({ ...msg, stream: true });
    expect(res.headers.get('content-type')).toMatch(/event-stream/);
    const body = await res.text();
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
    expect(body.split('data: ').length).toBeGreaterThan(3);
  });

  it('fails on demand', async () => {
    fake.setMode('429');
    expect((await post(msg)).status).toBe(429);
    fake.setMode('500');
    expect((await post(msg)).status).toBe(500);
    fake.setMode('malformed');
    await expect((await post(msg)).json()).rejects.toThrow();
    fake.setMode('ok');
    expect((await fetch(`${fake.url}/models`)).status).toBe(404);
  });

  it('edits deterministically and sometimes sabotages', () => {
    const t = 'Moreover, it is crucial to utilize {{1}} tools. It is done, and {{2}} agrees.';
    expect(fakeEdit(t, 5)).toBe(fakeEdit(t, 5));
    const outs = Array.from({ length: 10 }, (_, i) => fakeEdit(t, i));
    expect(outs.some((o) => !o.includes('{{1}}'))).toBe(true);
    expect(outs.some((o) => /\d{2}/.test(o.replace(/\{\{\d+\}\}/g, '')))).toBe(true);
  });
});
