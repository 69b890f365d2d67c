/**
 * A small leveled logger; the level and the format come from configuration. `json` writes one JSON
 * object per line (production, or LOG_FORMAT=json), `text` one readable line (development). Every line
 * written while a request is being served carries that request's id (lib/request-context.ts).
 */
import { currentRequestId } from './request-id';

type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'text';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, extra?: Record<string, unknown>): void;
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

function textValue(v: unknown): string {
  const s = typeof v === 'string' ? v : v instanceof Error ? v.message : JSON.stringify(v);
  return /[\s"=]/.test(s ?? '') ? JSON.stringify(s) : String(s);
}

/** One line in the given format (exported for the tests). */
export function formatLine(
  format: LogFormat,
  level: Exclude<Level, 'silent'>,
  msg: string,
  extra: Record<string, unknown> = {},
  t = new Date(),
): string {
  const requestId = currentRequestId();
  const fields = requestId ? { requestId, ...extra } : extra;
  if (format === 'json') return JSON.stringify({ t: t.toISOString(), level, msg, ...fields });
  const rest = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${textValue(v)}`)
    .join(' ');
  return `${t.toISOString()} ${level.toUpperCase().padEnd(5)} ${msg}${rest ? ` ${rest}` : ''}`;
}

export function createLogger(
  level: Level,
  format: LogFormat = 'json',
  write?: (line: string, level: Exclude<Level, 'silent'>) => void,
): Logger {
  const out =
    write ??
    ((line: string, l: Exclude<Level, 'silent'>) =>
      (l === 'error' || l === 'warn' ? process.stderr : process.stdout).write(line + '\n'));
  const at = (l: Exclude<Level, 'silent'>) => (msg: string, extra?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    out(formatLine(format, l, msg, extra), l);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** better-auth's logger option: its lines go through ours (same format, level and request id). */
export function authLogger(logger: Logger) {
  const describe = (a: unknown) =>
    a instanceof Error
      ? `${a.name}: ${a.message}${a.cause instanceof Error ? ` (${a.cause.message})` : ''}`
      : typeof a === 'string'
        ? a
        : JSON.stringify(a);
  return {
    log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) =>
      logger[level](`auth: ${message}`, args.length ? { details: args.map(describe) } : undefined),
  };
}
