import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from './fake-ollama.ts';

/** The fake speaks Ollama's API as the product and the tests rely on it. */
describe('fake Ollama', () => {
  let o: FakeOllama;
  beforeAll(async () => {
    o = await startFakeOllama({ models: ['qwen2.5:7b-instruct'], pullSteps: 3, pullStepMs: 1 });
  });
  afterAll(async () => {
    await o.close();
  });

  it('lists models (/api/tags) and shows one (/api/show), 404 for an unknown one', async () => {
    const tags = (await (await fetch(`${o.url}/api/tags`)).json()) as {
      models: { name: string; details: { parameter_size: string } }[];
    };
    expect(tags.models.map((m) => m.name)).toEqual(['qwen2.5:7b-instruct']);
    expect(tags.models[0]?.details.parameter_size).toBeTruthy();
    const show = await fetch(`${o.url}/api/show`, {
      method: 'POST',
      body: JSON.stringify({ model: 'qwen2.5:7b-instruct' }),
    });
    expect(show.status).toBe(200);
    expect(((await show.json()) as { capabilities: string[] }).capabilities).toContain('completion');
    expect((await fetch(`${o.url}/api/show`, { method: 'POST', body: JSON.stringify({ model: 'nope' }) })).status).toBe(
      404,
    );
  });

  it('streams pull progress as NDJSON ending in success, or an error line mid-stream', async () => {
    const lines = (
      await (await fetch(`${o.url}/api/pull`, { method: 'POST', body: JSON.stringify({ model: 'llama3.2' }) })).text()
    )
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status?: string; total?: number; completed?: number; error?: string });
    expect(lines[0]).toEqual({ status: 'pulling manifest' });
    expect(lines.some((l) => l.total && l.completed !== undefined && l.completed < l.total)).toBe(true);
    expect(lines.at(-1)).toEqual({ status: 'success' });
    expect(o.models).toContain('llama3.2:latest');
    o.setPullError(2);
    const failed = (
      await (await fetch(`${o.url}/api/pull`, { method: 'POST', body: JSON.stringify({ model: 'mistral' }) })).text()
    )
      .trim()
      .split('\n');
    expect(JSON.parse(failed.at(-1)!)).toHaveProperty('error');
    o.setPullError(null);
  });

  it('answers chat completions plain and as SSE, and 404 for a model it does not have', async () => {
    const body = {
      model: 'qwen2.5:7b-instruct',
      messages: [{ role: 'user', content: 'Rewrite.\n\n<text>\nIt is crucial to utilize tools.\n</text>' }],
    };
    const plain = (await (
      await fetch(`${o.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(body) })
    ).json()) as { choices: { message: { content: string } }[]; usage: { prompt_tokens: number } };
    expect(plain.choices[0]?.message.content).toBeTruthy();
    expect(plain.usage.prompt_tokens).toBeGreaterThan(0);
    const sse = await fetch(`${o.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ ...body, stream: true, stream_options: { include_usage: true } }),
    });
    expect(sse.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await sse.text();
    expect(text).toMatch(/^data: \{/);
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(text).toMatch(/"usage":/);
    expect(
      (
        await fetch(`${o.url}/v1/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ ...body, model: 'other' }),
        })
      ).status,
    ).toBe(404);
  });
});
