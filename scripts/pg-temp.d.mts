export interface TempPostgres {
  url: string;
  port: number;
  dir: string;
  restart(opts?: { downMs?: number }): void;
  restartAsync(opts?: { downMs?: number }): Promise<void>;
  halt(): void;
  resume(): void;
  dbUrl(name: string): string;
  stop(): void;
}
export function canStartPostgres(): boolean;
export function freePort(): Promise<number>;
export function startPostgres(opts?: { maxConnections?: number }): Promise<TempPostgres>;
