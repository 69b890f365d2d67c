/** Helpers for tests that run the server as a real process: a free port, and waiting until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
export async function waitHealthy(
  base: string,
  proc?: { child: ChildProcess; output(): string },
): Promise<{ ok: boolean; detector: string }> {
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

/** The server from source (tsx) as a real process; `output()` is everything it wrote. */
export function spawnServer(
  env: Record<string, string>,
  opts: { wrap?: (argv: string[]) => { cmd: string; args: string[] } } = {},
) {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const argv = [process.execPath, '--import', 'tsx', 'src/index.ts'];
  const { cmd, args } = opts.wrap ? opts.wrap(argv) : { cmd: argv[0]!, args: argv.slice(1) };
  const child = spawn(cmd, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      DATABASE_URL: '',
      ENGINE_POOL_SIZE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => out };
}
