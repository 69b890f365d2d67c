import { useEffect, useState } from 'react';

// The current time, re-read every `everyMs` while mounted (the countdowns tick each second).
export { useNow } from '@/lib/use-now';

/** True for `forMs` out of every `everyMs`: the floating buttons' attention pulse. */
export function usePulse(everyMs: number, forMs: number): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let off: ReturnType<typeof setTimeout> | undefined;
    const id = setInterval(() => {
      setOn(true);
      off = setTimeout(() => setOn(false), forMs);
    }, everyMs);
    return () => {
      clearInterval(id);
      if (off) clearTimeout(off);
    };
  }, [everyMs, forMs]);
  return on;
}
