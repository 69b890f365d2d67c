/**
 * Pulling a model into Ollama from the engine page: the server reads Ollama's streamed /api/pull (NDJSON
 * lines with status, digest, total, completed; an {"error"} line ends it) and keeps the latest progress for
 * the page to poll. One pull at a time per provider; cancelling closes the stream, which stops Ollama's pull.
 */
import type { EnginePull } from '@plainspoken/shared';
import type { Logger } from '../../lib/logger';

interface PullLine {
  status?: string;
  digest?: string;
  total?: number;
  completed?: number;
  error?: string;
}

export class PullJob {
  state: EnginePull;
  private readonly ctl = new AbortController();
  readonly finished: Promise<void>;

  constructor(host: string, model: string, now: Date, logger: Logger, onSuccess: () => Promise<unknown>) {
    this.state = {
      model,
      status: 'starting',
      total: null,
      completed: null,
      state: 'running',
      error: null,
      startedAt: now.toISOString(),
    };
    this.finished = this.run(host, model, logger, onSuccess);
  }

  get running(): boolean {
    return this.state.state === 'running';
  }

  cancel(): void {
    if (!this.running) return;
    this.state = { ...this.state, state: 'cancelled', status: 'cancelled' };
    this.ctl.abort();
  }

  private apply(line: PullLine): void {
    if (typeof line.error === 'string') {
      this.state = { ...this.state, state: 'failed', error: line.error.slice(0, 300), status: 'failed' };
      return;
    }
    const status = typeof line.status === 'string' ? line.status : this.state.status;
    const layer = typeof line.total === 'number' && line.total > 0;
    this.state = {
      ...this.state,
      status,
      // Lines without sizes (manifest, verifying, writing) keep the last known progress.
      total: layer ? (line.total as number) : this.state.total,
      completed: layer
        ? Math.min(line.total as number, Math.max(0, Number(line.completed) || 0))
        : this.state.completed,
    };
    // Success is reported as done only once the installed list has been read again (see run), so the page
    // never shows a finished pull beside a list without the model.
    if (status === 'success') {
      this.succeeded = true;
      this.state = { ...this.state, completed: this.state.total };
    }
  }

  private succeeded = false;

  private async run(host: string, model: string, logger: Logger, onSuccess: () => Promise<unknown>): Promise<void> {
    try {
      const res = await fetch(`${host}/api/pull`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model, stream: true }),
        signal: this.ctl.signal,
      });
      if (!res.ok || !res.body) {
        let msg = `Ollama answered HTTP ${res.status}`;
        try {
          const b = (await res.json()) as { error?: string };
          if (b.error) msg = b.error;
        } catch {
          // not JSON
        }
        this.apply({ error: msg });
        return;
      }
      const decoder = new TextDecoder();
      let buf = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const raw = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (!raw) continue;
          try {
            this.apply(JSON.parse(raw) as PullLine);
          } catch {
            this.apply({ error: 'Ollama sent a progress line that is not JSON' });
          }
          if (!this.running || this.succeeded) break;
        }
        if (!this.running || this.succeeded) break;
      }
      if (this.running && !this.succeeded && buf.trim()) {
        try {
          this.apply(JSON.parse(buf.trim()) as PullLine);
        } catch {
          // a cut-off last line
        }
      }
      if (this.running && !this.succeeded)
        this.apply({ error: 'the pull stream ended before Ollama reported success' });
    } catch (e) {
      if (this.state.state === 'cancelled') return;
      this.apply({ error: `could not reach Ollama (${(e as Error).message.slice(0, 120)})` });
    } finally {
      this.ctl.abort();
      if (this.succeeded && this.running) {
        logger.info('model pulled into Ollama', { model });
        await onSuccess().catch(() => {});
        if (this.running) this.state = { ...this.state, state: 'done' };
      } else if (this.state.state === 'failed') {
        logger.warn('model pull failed', { model, error: this.state.error });
      }
    }
  }
}
