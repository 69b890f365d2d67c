import { describe, expect, it } from 'vitest';
import { MODEL_GONE_AFTER_MS } from '@plainspoken/shared';
import { createLogger } from '../logger';
import { testEnv } from '../../test/harness';
import { ModelProvider } from './provider';

/** An Ollama that answers while `up`, on a clock the test moves. */
function setup(extra: Record<string, string> = {}) {
  const state = { up: true, now: new Date('2026-01-01T10:00:00Z') };
  const fetch = (async () => {
    if (!state.up) throw Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    return new Response(JSON.stringify({ models: [{ name: 'qwen2.5:7b-instruct' }] }), { status: 200 });
  }) as typeof globalThis.fetch;
  const provider = new ModelProvider(testEnv({ OLLAMA_HOST: 'http://127.0.0.1:1', ...extra }), {
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

describe('the second opinion (decision 0066)', () => {
  it('unset: Deep has every rewritten sentence heard in up to 3 calls, Lightning makes no extra call', async () => {
    const { provider } = setup();
    await provider.probe();
    expect(provider.current('deep')?.secondOpinionCalls).toBe(3);
    expect(provider.current('lightning')).not.toBeNull();
    expect(provider.current('lightning')?.secondOpinionCalls).toBeUndefined();
  });

  it('set: the same number of calls in both modes, and 0 turns it off', async () => {
    const two = setup({ HUMANIZER_SECOND_OPINION_CALLS: '2' });
    await two.provider.probe();
    expect(two.provider.current('deep')?.secondOpinionCalls).toBe(2);
    expect(two.provider.current('lightning')?.secondOpinionCalls).toBe(2);
    const off = setup({ HUMANIZER_SECOND_OPINION_CALLS: '0' });
    await off.provider.probe();
    expect(off.provider.current('deep')).not.toBeNull();
    expect(off.provider.current('deep')?.secondOpinionCalls).toBeUndefined();
    expect(off.provider.current('lightning')?.secondOpinionCalls).toBeUndefined();
  });
});
