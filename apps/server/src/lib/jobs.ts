/** Background work on a timer. */
import { Cron } from 'croner';
import type { Logger } from './logger';

/**
 * Tries `work` every hour (and once shortly after start), so a process that was down at the usual time
 * still catches up the same day; the work itself decides whether there is anything to do. Returns the
 * function that stops it.
 */
export function runHourly(name: string, work: () => Promise<unknown>, logger: Logger): () => void {
  const tick = async (): Promise<void> => {
    try {
      await work();
    } catch (e) {
      logger.error(`${name} failed`, { error: (e as Error).message });
    }
  };
  const cron = new Cron('17 * * * *', { timezone: 'UTC', protect: true }, tick);
  const first = setTimeout(() => void tick(), 5_000);
  first.unref();
  return () => {
    clearTimeout(first);
    cron.stop();
  };
}
