import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, streamText } from 'ai';
import type { LlmConfig } from '../types.ts';

/**
 * The provider client: any OpenAI-compatible chat API through the AI SDK. The SDK's own retries are off so
 * that this file owns the policy: per-call timeout, an overall deadline, retries with backoff on 429 and
 * 5xx (and one on a timeout), and a concurrency limit shared by all calls of one rewrite.
 */
export interface CallRequest {
  system: string;
  prompt: string;
  temperature: number;
  model: string;
  stream?: boolean;
}

export interface CallResult {
  text: string;
  tokens: number;
}

type Usage = { inputTokens?: number; outputTokens?: number; totalTokens?: number };

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'http' | 'timeout' | 'deadline' | 'malformed' | 'network' | 'aborted',
    readonly status?: number,
  ) {
    super(message);
  }
}

const MAX_RETRIES = 2;

class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.queue.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

export class ModelClient {
  private readonly provider: ReturnType<typeof createOpenAICompatible>;
  private readonly sem: Semaphore;
  readonly callTimeoutMs: number;
  tokensUsed = 0;
  tokensIn = 0;
  tokensOut = 0;
  calls = 0;

  constructor(
    readonly cfg: LlmConfig,
    readonly deadline: number,
    private readonly signal?: AbortSignal,
  ) {
    this.provider = createOpenAICompatible({
      name: 'plainspoken-llm',
      baseURL: cfg.baseURL.replace(/\/+$/, ''),
      apiKey: cfg.apiKey,
      includeUsage: true,
    });
    this.sem = new Semaphore(Math.max(1, cfg.maxConcurrency ?? 3));
    this.callTimeoutMs = cfg.callTimeoutMs ?? 25_000;
  }

  remaining(): number {
    return this.deadline - Date.now();
  }

  async complete(req: CallRequest): Promise<CallResult> {
    return this.sem.run(() => this.withRetries(req));
  }

  private async withRetries(req: CallRequest): Promise<CallResult> {
    let lastErr: ProviderError | null = null;
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      if (this.signal?.aborted) throw new ProviderError('aborted', 'aborted');
      if (this.remaining() < 200) throw lastErr ?? new ProviderError('deadline reached', 'deadline');
      try {
        return await this.once(req);
      } catch (err) {
        const e = toProviderError(err);
        lastErr = e;
        const retryable =
          (e.kind === 'http' && (e.status === 429 || (e.status ?? 0) >= 500)) ||
          (e.kind === 'timeout' && attempt === 0) ||
          e.kind === 'network';
        if (!retryable || attempt === MAX_RETRIES) throw e;
        const backoff = Math.min(4000, 300 * 2 ** attempt);
        if (this.remaining() < backoff + 500) throw e;
        await sleep(backoff, this.signal);
      }
    }
    throw lastErr ?? new ProviderError('no attempt made', 'network');
  }

  /** Adds one call's usage to the totals; returns its total tokens. */
  private count(u: Usage | undefined): number {
    const i = u?.inputTokens ?? 0;
    const o = u?.outputTokens ?? 0;
    const t = u?.totalTokens ?? i + o;
    this.tokensIn += i;
    this.tokensOut += o || Math.max(0, t - i);
    this.tokensUsed += t;
    return t;
  }

  private async once(req: CallRequest): Promise<CallResult> {
    this.calls++;
    const timeout = Math.max(100, Math.min(this.callTimeoutMs, this.remaining()));
    const ctl = new AbortController();
    const timer = setTimeout(
      () => ctl.abort(new ProviderError(`call timed out after ${timeout} ms`, 'timeout')),
      timeout,
    );
    const onAbort = (): void => ctl.abort(new ProviderError('aborted', 'aborted'));
    this.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const model = this.provider.chatModel(req.model);
      if (req.stream) {
        // onError is set so the SDK does not log provider errors itself; they are thrown below.
        const res = streamText({
          model,
          system: req.system,
          prompt: req.prompt,
          temperature: req.temperature,
          maxRetries: 0,
          abortSignal: ctl.signal,
          onError: () => {},
        });
        let text = '';
        let tokens = 0;
        for await (const part of res.fullStream) {
          if (part.type === 'text-delta') text += part.text;
          else if (part.type === 'error') throw part.error;
          else if (part.type === 'finish') tokens = this.count(part.totalUsage);
          else if (part.type === 'abort') throw ctl.signal.reason ?? new ProviderError('aborted', 'aborted');
        }
        if (!text.trim()) throw new ProviderError('empty response', 'malformed');
        return { text, tokens };
      }
      const res = await generateText({
        model,
        system: req.system,
        prompt: req.prompt,
        temperature: req.temperature,
        maxRetries: 0,
        abortSignal: ctl.signal,
      });
      const tokens = this.count(res.usage);
      if (!res.text.trim()) throw new ProviderError('empty response', 'malformed');
      return { text: res.text, tokens };
    } catch (err) {
      if (ctl.signal.aborted && ctl.signal.reason instanceof ProviderError) throw ctl.signal.reason;
      throw err;
    } finally {
      clearTimeout(timer);
      this.signal?.removeEventListener('abort', onAbort);
    }
  }
}

export function toProviderError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (APICallError.isInstance(err)) {
    // A 2xx that the SDK could not use is a broken body, not an HTTP failure.
    if (err.statusCode !== undefined && (err.statusCode < 200 || err.statusCode >= 300))
      return new ProviderError(`HTTP ${err.statusCode}`, 'http', err.statusCode);
    if (err.statusCode !== undefined) return new ProviderError('malformed response', 'malformed');
    if (/parse|json|invalid|validation/i.test(err.message)) return new ProviderError('malformed response', 'malformed');
    return new ProviderError(`network error: ${err.message.slice(0, 120)}`, 'network');
  }
  const msg = err instanceof Error ? err.message : String(err);
  const name = err instanceof Error ? err.name : '';
  if (/abort/i.test(name) || /abort/i.test(msg)) return new ProviderError('call aborted', 'timeout');
  if (/parse|json|invalid|validation|type/i.test(`${name} ${msg}`))
    return new ProviderError(`malformed response (${name || 'error'})`, 'malformed');
  return new ProviderError(`provider error: ${msg.slice(0, 160)}`, 'network');
}
