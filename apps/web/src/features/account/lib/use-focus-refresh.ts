import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TIMINGS } from '@plainspoken/shared';
import { subscriptionKeys } from '@/lib/subscription';

/**
 * A tab regaining focus refreshes subscription and limits after 500 ms (spec section 4), e.g. when
 * the user comes back from the billing portal's tab.
 */
export function useFocusRefresh(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocus = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        // One query holds both: the account cards and the limits derived from it.
        void qc.invalidateQueries({ queryKey: subscriptionKeys.all });
      }, TIMINGS.focusRefreshDelayMs);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') onFocus();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, qc]);
}
