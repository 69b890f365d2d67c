// The server the browser tests run against: a fresh database in a temporary folder, on E2E_PORT (the
// Playwright config picks a free one) or else a port the system hands out.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, ensureDeps, freePort, root } from './lib.mjs';

ensureDeps();
buildIfStale();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-e2e-'));
const port = process.env.E2E_PORT ?? String(await freePort());
console.log(`e2e server on http://localhost:${port}`);
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/index.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    RATE_LIMITS: process.env.E2E_RATE_LIMITS ?? 'off',
    AUTH_RATE_LIMIT_SCALE: '100',
    ADMIN_EMAILS: process.env.E2E_ADMIN_EMAILS ?? 'admin@example.com',
    LOG_LEVEL: 'warn',
  },
});
const stop = (sig) => child.kill(sig);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
