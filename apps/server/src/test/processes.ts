/** Helpers for tests that run the server as a real process: a free port, and waiting until it answers. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** Polls /api/health until it answers 200 (returns its body); fails at once if the process exits first. */
export async function waitHealthy(base: string, proc?: { child: ChildProcess; output(): string }): Promise<{ ok: boolean; detector: string }> {
  for (let i = 0; i < 600; i++) {
    if (proc && proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return (await r.json()) as { ok: boolean; detector: string };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy${proc ? `: ${proc.output()}` : ''}`);
}
