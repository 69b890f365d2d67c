/**
 * This server process as the other processes on the database see it: a row in server_instances with an
 * id (host, pid, start time and a random part) and a heartbeat every lease/4. A process whose heartbeat is
 * older than the lease, whose row is gone, or whose pid no longer runs on this same host is dead: work it
 * claimed (an idempotency key) is taken over at once instead of waiting for the engine timeout.
 * Liveness uses the wall clock, not the product's clock (tests move that one).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { server_instances } from '../db/schema';
import type { Logger } from './logger';

export const DEFAULT_INSTANCE_LEASE_MS = 10_000;

export interface ProcessInstance {
  readonly id: string;
  /** True when the process that registered `id` is gone (never this process itself). */
  isDead(id: string): Promise<boolean>;
  /** A graceful stop: no more heartbeats, and the row goes (its claims were answered before). */
  stop(): Promise<void>;
  /** Stops the heartbeat and leaves the row, as a crash would (tests). */
  abandon(): void;
}

/** Whether a pid runs on this machine (EPERM: it runs under another user). */
function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function registerInstance(
  db: Db,
  logger: Logger,
  opts: { leaseMs?: number; pid?: number } = {},
): Promise<ProcessInstance> {
  const leaseMs = opts.leaseMs ?? DEFAULT_INSTANCE_LEASE_MS;
  const host = hostname();
  const pid = opts.pid ?? process.pid;
  const startedAt = new Date();
  const id = `${host}:${pid}:${startedAt.getTime()}:${randomBytes(4).toString('hex')}`;
  await db.insert(server_instances).values({ id, host, pid, started_at: startedAt, heartbeat_at: startedAt });
  let beats = 0;
  const beat = async () => {
    const at = new Date();
    await db.update(server_instances).set({ heartbeat_at: at }).where(eq(server_instances.id, id));
    // Now and then, forget processes dead for a day.
    if (++beats % 500 === 1)
      await db.delete(server_instances).where(lt(server_instances.heartbeat_at, new Date(at.getTime() - 86_400_000)));
  };
  const timer = setInterval(
    () => void beat().catch((e: Error) => logger.warn('instance heartbeat failed', { error: e.message })),
    Math.max(250, Math.floor(leaseMs / 4)),
  );
  timer.unref();
  return {
    id,
    async isDead(other) {
      if (other === id) return false;
      const [row] = await db.select().from(server_instances).where(eq(server_instances.id, other)).limit(1);
      if (!row) return true;
      if (Date.now() - row.heartbeat_at.getTime() > leaseMs) return true;
      // Gone from this host: dead once it has missed a beat (a pid of another container with the same host
      // name never counts alone).
      const missedBeat = Date.now() - row.heartbeat_at.getTime() > Math.max(250, Math.floor(leaseMs / 4));
      return missedBeat && row.host === host && row.pid !== process.pid && !pidRuns(row.pid);
    },
    async stop() {
      clearInterval(timer);
      await db.delete(server_instances).where(eq(server_instances.id, id));
    },
    abandon() {
      clearInterval(timer);
    },
  };
}
