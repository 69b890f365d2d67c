import { useCallback, useEffect, useState } from 'react';

/** A countdown in whole seconds that ticks once a second; restart() sets it back to the full length. */
export function useCooldown(totalMs: number, active = true) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + totalMs);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active, endsAt]);

  const restart = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + totalMs);
  }, [totalMs]);

  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, ready: secondsLeft === 0, restart };
}
