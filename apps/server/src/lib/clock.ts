/**
 * The product's clock. Every service reads the time from deps.now(); server.ts builds it from the
 * system clock, a test's own now(), or (NODE_ENV=test only) a movable test clock that browser tests
 * shift through POST /api/dev/clock so a cancellation can expire without waiting a month.
 */
export interface TestClock {
  now(): Date;
  setOffset(ms: number): void;
}

export const systemNow = (): Date => new Date();

export function createTestClock(base: () => Date): TestClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    setOffset: (ms) => {
      offset = ms;
    },
  };
}
