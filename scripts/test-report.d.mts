export interface Tally {
  passed: number;
  failures: string[];
  skips: string[];
  pass(n?: number): void;
  fail(name: string, reason: unknown): void;
  skip(name: string, why: unknown): void;
  closingLine(): string;
  listing(): string[];
}
export function firstLine(text: unknown, fallback?: string): string;
export function createTally(): Tally;
export function addVitestReport(
  tally: Tally,
  report: unknown,
  opts?: {
    where?: (file: string) => string;
    exitStatus?: number | null;
    label?: string;
    suiteErrors?: { file: string; suite: string; message: string }[] | null;
  },
): void;
export function addPlaywrightReport(
  tally: Tally,
  report: unknown,
  opts?: { exitStatus?: number | null; label?: string },
): void;
