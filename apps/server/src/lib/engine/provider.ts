/**
 * Which model, if any, rewrites go to. With HUMANIZER_LLM_BASE_URL set, that OpenAI-compatible service
 * (hosted, vLLM, llama.cpp, LM Studio). Without it, an Ollama server at OLLAMA_HOST is looked for at start
 * and every OLLAMA_PROBE_SECONDS: while it answers and has the mode's model, rewrites go to it; when it
 * goes away (a check fails, or a rewrite could not reach it) rewrites use the local clean-up until a
 * later check finds it again. Nothing here blocks a request: the state is read, never awaited.
 */
import { eq } from 'drizzle-orm';
import { MODEL_GONE_AFTER_MS, type EngineModeStatus, type HumanizeMode } from '@plainspoken/shared';
import type { Env } from '../../env';
import type { Database } from '../../db/client';
import { engine_settings } from '../../db/schema';
import type { Logger } from '../logger';
import type { EngineLlmConfig } from './engine';

/** The model docs/engine.md names for Ollama when HUMANIZER_LLM_MODEL is not set. */
export const RECOMMENDED_OLLAMA_MODEL = 'qwen2.5:7b-instruct';

export type ProviderKind = 'ollama' | 'openai-compatible' | 'none';

export interface InstalledModel {
  name: string;
  size: number;
  parameterSize?: string;
  quantization?: string;
  family?: string;
}

export interface ProviderState {
  kind: ProviderKind;
  /** Ollama's host or the service's base URL (never the key). */
  endpoint: string | null;
  /** The last check reached the provider. */
  healthy: boolean;
  /** The provider has been seen answering since the server started (a later absence is a fallback). */
  seenUp: boolean;
  lastCheckAt: string | null;
  lastOkAt: string | null;
  lastError: string | null;
  /** How long the last check took. */
  checkMs: number | null;
  /** Models the provider has (Ollama's list; empty for other services). */
  installed: InstalledModel[];
  /** The model each mode uses, whether rewrites in that mode go to it now, and its second opinion's calls. */
  modes: Record<HumanizeMode, EngineModeStatus>;
  probeSeconds: number;
}

type Fetch = typeof fetch;

const withTag = (m: string): string => (m.includes(':') ? m : `${m}:latest`);

/**
 * The second opinion's calls per rewrite when HUMANIZER_SECOND_OPINION_CALLS is not set (decision 0066): Deep, the
 * best rewrite, has every rewritten sentence heard (3 calls of 8 sentences cover about 500 words); Lightning, the
 * fast one, makes no extra call.
 */
export const DEFAULT_SECOND_OPINION_CALLS: Readonly<Record<HumanizeMode, number>> = { deep: 3, lightning: 0 };

function secondOpinionCalls(mode: HumanizeMode, set: number | undefined): number {
  return set ?? DEFAULT_SECOND_OPINION_CALLS[mode];
}

export class ModelProvider {
  readonly kind: ProviderKind;
  private readonly endpoint: string | null;
  private healthy = false;
  private seenUp = false;
  private lastCheckAt: Date | null = null;
  private lastOkAt: Date | null = null;
  private lastError: string | null = null;
  private checkMs: number | null = null;
  private installed: InstalledModel[] = [];
  /** Per-mode choices made on the engine page (stored in engine_settings). */
  private chosen: Partial<Record<HumanizeMode, string>> = {};
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<ProviderState> | null = null;
  private readonly fetch: Fetch;

  constructor(
    private readonly env: Env,
    private readonly opts: { logger: Logger; db?: Database['db']; now: () => Date; fetch?: Fetch },
  ) {
    this.fetch = opts.fetch ?? fetch;
    if (env.HUMANIZER_LLM_BASE_URL) {
      this.kind = 'openai-compatible';
      this.endpoint = env.HUMANIZER_LLM_BASE_URL.replace(/\/+$/, '');
    } else if (env.OLLAMA_HOST !== 'off') {
      this.kind = 'ollama';
      this.endpoint = env.OLLAMA_HOST;
    } else {
      this.kind = 'none';
      this.endpoint = null;
    }
  }

  /** Loads the stored per-mode choices, checks once and then every OLLAMA_PROBE_SECONDS. */
  async start(): Promise<void> {
    await this.loadChoices();
    if (this.kind === 'none') return;
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.env.OLLAMA_PROBE_SECONDS * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The configured model of a mode, before any choice on the engine page. */
  private configured(mode: HumanizeMode): string {
    const perMode = mode === 'deep' ? this.env.HUMANIZER_LLM_MODEL_DEEP : this.env.HUMANIZER_LLM_MODEL_LIGHTNING;
    return perMode ?? this.env.HUMANIZER_LLM_MODEL ?? (this.kind === 'ollama' ? RECOMMENDED_OLLAMA_MODEL : '');
  }

  modelFor(mode: HumanizeMode): string {
    return this.chosen[mode] ?? this.configured(mode);
  }

  private modeStatus(mode: HumanizeMode): EngineModeStatus {
    const model = this.modelFor(mode);
    const secondOpinion = secondOpinionCalls(mode, this.env.HUMANIZER_SECOND_OPINION_CALLS);
    const status = (active: boolean, reason: string | null): EngineModeStatus => ({
      model,
      active,
      reason,
      secondOpinionCalls: active ? secondOpinion : 0,
    });
    if (this.kind === 'none') return status(false, 'no model provider configured');
    if (!model) return status(false, 'HUMANIZER_LLM_MODEL is not set');
    // A configured service is always tried (its failures fall back per rewrite); Ollama only while present.
    if (this.kind === 'openai-compatible') return status(true, null);
    if (!this.healthy) return status(false, this.lastError ?? 'not checked yet');
    if (!this.installed.some((m) => m.name === withTag(model)))
      return status(false, `model "${model}" is not installed in Ollama`);
    return status(true, null);
  }

  /** The model configuration for a rewrite in this mode now, or null for the local clean-up. */
  current(mode: HumanizeMode): EngineLlmConfig | null {
    const s = this.modeStatus(mode);
    if (!s.active || !this.endpoint) return null;
    const baseURL = this.kind === 'ollama' ? `${this.endpoint}/v1` : this.endpoint;
    const apiKey = this.kind === 'ollama' ? 'ollama' : this.env.HUMANIZER_LLM_API_KEY;
    return {
      baseURL,
      apiKey,
      model: s.model,
      modelDeep: mode === 'deep' ? s.model : undefined,
      modelLightning: mode === 'lightning' ? s.model : undefined,
      ...(s.secondOpinionCalls > 0 ? { secondOpinionCalls: s.secondOpinionCalls } : {}),
    };
  }

  /**
   * A rewrite in this mode would have used the model were it present (so the local result is a fallback).
   * An Ollama that has not answered for MODEL_GONE_AFTER_MS is no longer expected: rewrites are plain light
   * edits, said as without a model, until a check finds it again.
   */
  expected(mode: HumanizeMode): boolean {
    if (this.kind === 'openai-compatible') return true;
    if (this.kind !== 'ollama' || !this.seenUp || !this.modelFor(mode)) return false;
    if (this.healthy) return true;
    return this.lastOkAt !== null && this.opts.now().getTime() - this.lastOkAt.getTime() < MODEL_GONE_AFTER_MS;
  }

  state(): ProviderState {
    return {
      kind: this.kind,
      endpoint: this.endpoint,
      healthy: this.healthy,
      seenUp: this.seenUp,
      lastCheckAt: this.lastCheckAt?.toISOString() ?? null,
      lastOkAt: this.lastOkAt?.toISOString() ?? null,
      lastError: this.lastError,
      checkMs: this.checkMs,
      installed: this.installed,
      modes: { deep: this.modeStatus('deep'), lightning: this.modeStatus('lightning') },
      probeSeconds: this.env.OLLAMA_PROBE_SECONDS,
    };
  }

  /** Check the provider now (concurrent callers share one check). */
  probe(): Promise<ProviderState> {
    this.probing ??= this.probeOnce().finally(() => (this.probing = null));
    return this.probing;
  }

  private async probeOnce(): Promise<ProviderState> {
    if (this.kind === 'none' || !this.endpoint) return this.state();
    const started = performance.now();
    const wasHealthy = this.healthy;
    try {
      if (this.kind === 'ollama') {
        const res = await this.fetch(`${this.endpoint}/api/tags`, { signal: AbortSignal.timeout(3000) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as {
          models?: {
            name?: string;
            model?: string;
            size?: number;
            details?: { parameter_size?: string; quantization_level?: string; family?: string };
          }[];
        };
        if (!Array.isArray(body.models)) throw new Error('not an Ollama answer (no model list)');
        this.installed = body.models
          .filter((m) => typeof (m.name ?? m.model) === 'string')
          .map((m) => ({
            name: withTag(String(m.name ?? m.model)),
            size: Number(m.size) || 0,
            parameterSize: m.details?.parameter_size,
            quantization: m.details?.quantization_level,
            family: m.details?.family,
          }));
      } else {
        const res = await this.fetch(`${this.endpoint}/models`, {
          headers: this.env.HUMANIZER_LLM_API_KEY ? { authorization: `Bearer ${this.env.HUMANIZER_LLM_API_KEY}` } : {},
          signal: AbortSignal.timeout(5000),
        });
        await res.body?.cancel();
        // Any answer below 500 means the service is there (some servers have no model list).
        if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
      }
      this.healthy = true;
      this.seenUp = true;
      this.lastOkAt = this.opts.now();
      this.lastError = null;
    } catch (e) {
      this.healthy = false;
      this.lastError = describe(e);
    } finally {
      this.lastCheckAt = this.opts.now();
      this.checkMs = Math.round(performance.now() - started);
    }
    if (wasHealthy !== this.healthy) {
      if (this.healthy)
        this.opts.logger.info('model provider is up', {
          provider: this.kind,
          endpoint: this.endpoint,
          models: this.installed.length,
        });
      else
        this.opts.logger.warn('model provider is down; rewrites use the local clean-up', {
          provider: this.kind,
          endpoint: this.endpoint,
          error: this.lastError,
        });
    }
    return this.state();
  }

  /**
   * What a rewrite learnt about the provider: an unreachable Ollama is marked down at once (the next
   * rewrites go straight to the local clean-up) and checked again in the background.
   */
  reportRewrite(r: { engine: 'model' | 'local'; fallbackReason?: string | null }): void {
    if (this.kind !== 'ollama') return;
    if (r.engine === 'model') {
      if (!this.healthy) void this.probe();
      return;
    }
    if (r.fallbackReason === 'unreachable' && this.healthy) {
      this.healthy = false;
      this.lastError = 'a rewrite could not reach Ollama';
      this.opts.logger.warn('model provider unreachable during a rewrite; rewrites use the local clean-up', {
        endpoint: this.endpoint,
      });
      void this.probe();
    }
  }

  /** Choose the model a mode uses (null: back to the configured one). Stored so it outlives a restart. */
  async choose(mode: HumanizeMode, model: string | null): Promise<void> {
    if (model) this.chosen[mode] = model;
    else delete this.chosen[mode];
    const db = this.opts.db;
    if (!db) return;
    const key = `model:${mode}`;
    if (model) {
      await db
        .insert(engine_settings)
        .values({ key, value: model, updated_at: this.opts.now() })
        .onConflictDoUpdate({ target: engine_settings.key, set: { value: model, updated_at: this.opts.now() } });
    } else {
      await db.delete(engine_settings).where(eq(engine_settings.key, key));
    }
  }

  private async loadChoices(): Promise<void> {
    const db = this.opts.db;
    if (!db) return;
    try {
      for (const row of await db.select().from(engine_settings)) {
        const m = /^model:(deep|lightning)$/.exec(row.key);
        if (m) this.chosen[m[1] as HumanizeMode] = row.value;
      }
    } catch (e) {
      this.opts.logger.warn('could not read the engine settings', { error: (e as Error).message });
    }
  }
}

function describe(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'no answer within 3 s';
  const code = err?.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused (not running)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  return (err?.cause?.message ?? err?.message ?? String(e)).slice(0, 160);
}
