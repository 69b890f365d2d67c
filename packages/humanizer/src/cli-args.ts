import type { Mode } from './types.ts';

/** Options of `npm run humanize`; kept apart from cli.ts so they can be tested without running the command. */
export interface CliArgs {
  mode: Mode;
  jsonl: boolean;
  secondPass: boolean;
  seed?: number;
}

export function parseArgs(argv: string[]): CliArgs {
  const out: CliArgs = { mode: 'deep', jsonl: false, secondPass: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--mode') {
      const m = argv[++i];
      if (m !== 'deep' && m !== 'lightning') throw new Error(`--mode must be deep or lightning, got ${m ?? 'nothing'}`);
      out.mode = m;
    } else if (a === '--jsonl') out.jsonl = true;
    else if (a === '--second-pass') out.secondPass = true;
    else if (a === '--seed') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0) throw new Error('--seed must be a non-negative integer');
      out.seed = n;
    } else throw new Error(`unknown option ${a}`);
  }
  return out;
}
