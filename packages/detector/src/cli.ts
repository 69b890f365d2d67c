// Command line: `detect --jsonl < in.jsonl` scores {"id","text"} lines; plain stdin prints one JSON object.
import { detect, loadDetector } from './index.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const USAGE = 'usage: detect [--jsonl] < text (one JSON object), or {"id","text"} lines with --jsonl';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const unknown = args.find((a) => a !== '--jsonl');
  if (unknown !== undefined) {
    process.stderr.write(`unknown option ${unknown}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const input = await readStdin();
  loadDetector();
  if (!args.includes('--jsonl')) {
    process.stdout.write(JSON.stringify(detect(input)) + '\n');
    return;
  }
  const lines = input.split('\n');
  let bad = 0;
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let obj: unknown;
    try {
      obj = JSON.parse(line);
    } catch (e) {
      bad++;
      process.stderr.write(`line ${i + 1}: invalid JSON (${(e as Error).message})\n`);
      return;
    }
    const o = obj as { id?: unknown; text?: unknown } | null;
    if (!o || typeof o !== 'object' || typeof o.text !== 'string') {
      bad++;
      process.stderr.write(`line ${i + 1}: expected an object with a string "text"\n`);
      return;
    }
    const d = detect(o.text);
    out.push(
      JSON.stringify({
        id: o.id ?? null,
        score: d.score,
        flagged: d.flagged,
        sentences: d.sentences.map((s) => ({ text: s.text, score: s.score })),
      }),
    );
    if (out.length >= 256) {
      process.stdout.write(out.join('\n') + '\n');
      out.length = 0;
    }
  });
  if (out.length) process.stdout.write(out.join('\n') + '\n');
  // Bad lines are reported but do not fail the run: the other lines were scored.
  if (bad > 0) process.stderr.write(`${bad} line(s) skipped\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(2);
});
