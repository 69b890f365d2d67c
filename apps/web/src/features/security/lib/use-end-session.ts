import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { announceAuthChange, sessionKeys } from '@/lib/auth';

/** After this browser's session ended on the server (global sign-out, deletion): forget it here too. */
export function useEndSession() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    qc.setQueryData(sessionKeys.all, null);
    // Per-user data must not survive into the next account on this browser.
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] && q.queryKey[0] !== 'config' });
    announceAuthChange('signed-out');
    void navigate(paths.home);
  }, [qc, navigate]);
}
