import { describe, expect, it } from 'vitest';
import { MODEL_GONE_AFTER_MS } from '@plainspoken/shared';
import { createLogger } from '../logger';
import { testEnv } from '../../test/harness';
import { ModelProvider } from './provider';

/** An Ollama that answers while `up`, on a clock the test moves. */
function setup() {
  const state = { up: true, now: new Date('2026-01-01T10:00:00Z') };
  const fetch = (async () => {
    if (!state.up) throw Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    return new Response(JSON.stringify({ models: [{ name: 'qwen2.5:7b-instruct' }] }), { status: 200 });
  }) as typeof globalThis.fetch;
  const provider = new ModelProvider(testEnv({ OLLAMA_HOST: 'http://127.0.0.1:1' }), {
    logger: createLogger('silent'),
    now: () => state.now,
    fetch,
  });
  const later = (ms: number) => (state.now = new Date(state.now.getTime() + ms));
  return { state, provider, later };
}

describe('a model that has been gone for a while is no longer expected', () => {
  it('expects the model while it answers and shortly after, not beyond MODEL_GONE_AFTER_MS', async () => {
    const { state, provider, later } = setup();
    await provider.probe();
    expect(provider.current('deep')).not.toBeNull();
    expect(provider.expected('deep')).toBe(true);

    state.up = false;
    later(1_000);
    await provider.probe();
    // Just gone: a light edit now is a fallback (free, "no rewriting model is connected right now").
    expect(provider.current('deep')).toBeNull();
    expect(provider.expected('deep')).toBe(true);

    later(MODEL_GONE_AFTER_MS);
    await provider.probe();
    // Gone for a while: rewrites are plain light edits, as with no model at all.
    expect(provider.expected('deep')).toBe(false);
    expect(provider.expected('lightning')).toBe(false);

    // Found again by a later check: expected and used again.
    state.up = true;
    later(60_000);
    await provider.probe();
    expect(provider.expected('deep')).toBe(true);
    expect(provider.current('deep')).not.toBeNull();
  });

  it('a model never seen is never expected', async () => {
    const { state, provider } = setup();
    state.up = false;
    await provider.probe();
    expect(provider.expected('deep')).toBe(false);
  });
});
