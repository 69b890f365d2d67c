import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Run-time access to the development corpus (never committed). CORPUS_DIR overrides the default
 * `../shared/corpus` next to the repository root; callers get [] when it is absent.
 */
export interface CorpusRow {
  id: string;
  text: string;
  label: 'human' | 'ai';
  source: string;
  domain: string;
  generator: string;
  attack: string;
  group: string;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function corpusDir(): string {
  return process.env.CORPUS_DIR ? resolve(process.env.CORPUS_DIR) : resolve(REPO_ROOT, '../shared/corpus');
}

export function loadCorpus(files?: string[]): CorpusRow[] {
  const dir = corpusDir();
  if (!existsSync(dir)) return [];
  const names =
    files ??
    readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
  const rows: CorpusRow[] = [];
  for (const f of names) {
    const p = join(dir, f);
    if (!existsSync(p)) continue;
    for (const line of readFileSync(p, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        rows.push(JSON.parse(line) as CorpusRow);
      } catch {
        // A damaged line is skipped; the corpus is development data, not input.
      }
    }
  }
  return rows;
}
