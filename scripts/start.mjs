// `npm start`: installs what is missing, builds what changed, then runs the product on its embedded
// defaults (PGlite in ./data, local outbox, local payment sandbox, local engine). Configuration: README.
import { spawn } from 'node:child_process';
import { buildIfStale, checkNode, ensureDeps, root } from './lib.mjs';

checkNode();
ensureDeps();
buildIfStale();
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/index.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
