/**
 * Runs one extraction per worker thread, off the request thread, with the worker's heap capped
 * (resourceLimits) and a timer that terminates it: a file that is slow or huge to parse costs at most
 * the limits below, then the user gets a message and the server carries on. At most `concurrency` files
 * are read at once; a few more wait; beyond that the upload is refused with a retry hint.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { DocumentError } from './document-error';
import type { ReadDocument } from './extract';
import type { ExtractReply, ExtractRequest } from './extract-worker';

export interface ExtractorOptions {
  /** Wall-clock limit per file. */
  timeoutMs: number;
  /** The worker's V8 heap limit (old generation), in MB. */
  heapMb: number;
  concurrency: number;
  queueLimit: number;
  /** Worker script (tests point at their own); found beside the bundle or in the source tree otherwise. */
  workerFile?: string;
}

export const EXTRACTOR_DEFAULTS: ExtractorOptions = { timeoutMs: 20_000, heapMb: 256, concurrency: 2, queueLimit: 8 };

function defaultWorkerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, 'documents-worker.js');
  if (existsSync(bundled)) return bundled;
  return path.join(here, 'extract-worker-dev.mjs');
}

export interface Extractor {
  extract(name: string, bytes: Uint8Array): Promise<ReadDocument>;
  stats(): { running: number; queued: number };
}

export function createExtractor(opts: Partial<ExtractorOptions> = {}): Extractor {
  const o = { ...EXTRACTOR_DEFAULTS, ...opts };
  const file = o.workerFile ?? defaultWorkerFile();
  let running = 0;
  const waiting: (() => void)[] = [];

  const acquire = async () => {
    if (running < o.concurrency) {
      running++;
      return;
    }
    if (waiting.length >= o.queueLimit) {
      throw new AppError(
        'ENGINE_BUSY',
        503,
        'We are reading many files right now. Please try again in a few seconds.',
        { retryAfter: 5 },
      );
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const runOne = (name: string, bytes: Uint8Array) =>
    new Promise<ReadDocument>((resolve, reject) => {
      const worker = new Worker(file, {
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: o.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
      let settled = false;
      const done = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const tooComplex = (why: string) =>
        new DocumentError(
          'too-complex',
          `“${name}” ${why}, so it was not read. Try a smaller file, or paste the text.`,
        );
      const timer = setTimeout(() => done(() => reject(tooComplex('took too long to read'))), o.timeoutMs);
      worker.once('message', (r: ExtractReply) =>
        done(() => (r.ok ? resolve(r.doc) : reject(new DocumentError(r.reason, r.message)))),
      );
      worker.once('error', (e: Error & { code?: string }) =>
        done(() =>
          reject(
            e.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? tooComplex('needs more memory to read than one file may use')
              : tooComplex('could not be read'),
          ),
        ),
      );
      worker.once('exit', () => done(() => reject(tooComplex('could not be read'))));
      const copy = new Uint8Array(bytes); // transferred to the worker
      worker.postMessage({ name, bytes: copy } satisfies ExtractRequest, [copy.buffer]);
    });

  return {
    async extract(name, bytes) {
      await acquire();
      try {
        return await runOne(name, bytes);
      } finally {
        release();
      }
    },
    stats: () => ({ running, queued: waiting.length }),
  };
}
