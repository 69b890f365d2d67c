import { useEffect, useRef } from 'react';
import { identify, resetAnalytics } from '@/lib/analytics';
import { announceAuthChange, useSession } from '@/lib/auth';
import { syncUsers } from '../api/sync-users';

/**
 * Runs once per signed-in user and page load: syncs the user's records on the server, tells other
 * tabs (a tab waiting on a confirmation email closes its dialog) and identifies the user to analytics.
 */
export function useSessionEffects(): void {
  const { user, isPending } = useSession();
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (isPending) return;
    if (!user) {
      if (seen.current) resetAnalytics();
      seen.current = null;
      return;
    }
    if (seen.current === user.id) return;
    seen.current = user.id;
    announceAuthChange('signed-in');
    identify(user.id);
    // Only logged on failure (spec section 7): the user never sees this call.
    syncUsers().catch((err: unknown) => console.warn('sync-users failed', err));
  }, [user, isPending]);
}
