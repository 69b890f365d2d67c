import { useEffect, useState } from 'react';

/**
 * The current time, re-read every `everyMs` while mounted: components read the clock through this hook,
 * never `Date.now()` while rendering, so a render stays pure and a deadline passing shows without a reload.
 */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
