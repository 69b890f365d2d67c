// `npm start`: installs what is missing, builds what changed, then runs the product on its embedded
// defaults (PGlite in ./data, local outbox, local payment sandbox, local engine). Configuration: docs/configuration.md.
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
void announceEngine();

/**
 * Once the server answers, say which engine it runs (its own GET /api/engine-state, so this is what it
 * decided) and, without a model, the one command that would connect one.
 */
async function announceEngine() {
  const port = process.env.PORT || '3000';
  const url = `http://127.0.0.1:${port}/api/engine-state`;
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) {
        const s = await r.json();
        console.log(engineLine(s));
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((res) => setTimeout(res, 500));
  }
}

function engineLine(s) {
  const model = s?.model ?? {};
  if (model.deep && model.lightning)
    return 'Engine: a connected model writes Deep and Lightning rewrites (full rewrites).';
  if (model.deep || model.lightning)
    return `Engine: a connected model writes ${model.deep ? 'Deep' : 'Lightning'} rewrites; the other mode makes the local light edit.`;
  return [
    'Engine: local light edit (no model connected). Deep and Lightning make the same light edit; model-only options are off.',
    `To connect a model, install Ollama (https://ollama.com) and run: ${s?.setupCommand ?? 'ollama pull qwen2.5:7b-instruct'}`,
    'The server finds it within a minute (OLLAMA_PROBE_SECONDS); no restart needed.',
  ].join('\n');
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
