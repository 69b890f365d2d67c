/**
 * `npm run -s humanize -- [--mode deep|lightning] [--jsonl] [--second-pass] [--seed N]`
 * With --jsonl, reads {"id","text"} lines and writes {"id","original","humanized","score_before",
 * "score_after","engine","ms","outcome","repaired_sentences","fallback_reason","improved"} lines in the same
 * order (fields are only ever added, operators script against them); a bad line is reported on stderr with its number
 * and the rest are still processed. Without it, humanizes all of stdin and prints the text.
 */
import { createInterface } from 'node:readline';
import { llmFromEnv } from './env.ts';
import { humanize } from './index.ts';
import { parseArgs, type CliArgs } from './cli-args.ts';
import type { HumanizeOptions } from './types.ts';

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(
      `${(err as Error).message}\nusage: humanize [--mode deep|lightning] [--jsonl] [--second-pass] [--seed N]\n`,
    );
    process.exitCode = 2;
    return;
  }
  const llm = llmFromEnv();
  const opts: HumanizeOptions = { mode: args.mode, secondPass: args.secondPass, seed: args.seed, llm };
  if (!args.jsonl) {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim()) {
      process.stderr.write('no input on stdin\n');
      process.exitCode = 1;
      return;
    }
    const r = await humanize(text, opts);
    if (r.engineNote) process.stderr.write(`note: ${r.engineNote}\n`);
    process.stdout.write(r.text.endsWith('\n') ? r.text : `${r.text}\n`);
    return;
  }
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNo = 0;
  let bad = 0;
  for await (const line of rl) {
    lineNo++;
    if (!line.trim()) continue;
    let row: { id?: unknown; text?: unknown };
    try {
      row = JSON.parse(line) as { id?: unknown; text?: unknown };
    } catch {
      process.stderr.write(`line ${lineNo}: not valid JSON\n`);
      bad++;
      continue;
    }
    if (
      row === null ||
      typeof row !== 'object' ||
      typeof row.text !== 'string' ||
      (typeof row.id !== 'string' && typeof row.id !== 'number')
    ) {
      process.stderr.write(`line ${lineNo}: expected {"id": string, "text": string}\n`);
      bad++;
      continue;
    }
    if (!row.text.trim()) {
      process.stderr.write(`line ${lineNo}: empty text\n`);
      bad++;
      continue;
    }
    const r = await humanize(row.text, opts);
    process.stdout.write(
      `${JSON.stringify({ id: row.id, original: row.text, humanized: r.text, score_before: r.scoreBefore, score_after: r.scoreAfter, engine: r.engine, ms: r.ms, outcome: r.outcome, repaired_sentences: r.repairedSentences, fallback_reason: r.fallbackReason ?? null, improved: r.improved })}\n`,
    );
  }
  if (bad > 0) process.exitCode = 1;
}

await main();
