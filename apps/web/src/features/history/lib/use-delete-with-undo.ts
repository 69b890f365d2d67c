import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { server } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';
import { notifyError, showToast } from '@/lib/toast';
import { deleteTransformation } from '../api/get-transformations';

/** How long the Undo button stays before the entry is deleted on the server. */
export const UNDO_MS = 6000;

/**
 * Delete with undo: the entry disappears at once and a toast offers Undo; only when that toast goes
 * away without Undo is the entry deleted on the server. Leaving the page (or closing the tab) deletes
 * what is still waiting, so nothing the user deleted comes back.
 */
export function useDeleteWithUndo() {
  const qc = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  /** Entries waiting for their Undo toast to end, with that toast's id once it shows. */
  const waiting = useRef(new Map<string, string | number | null>());

  const commit = useCallback(
    async (id: string) => {
      if (!waiting.current.delete(id)) return;
      try {
        await deleteTransformation(id);
        void qc.invalidateQueries({ queryKey: [keyRoots.transformations] });
      } catch (err) {
        setHidden((s) => without(s, id));
        notifyError({
          title: 'Could not delete the entry',
          description: err instanceof Error ? err.message : 'Please try again.',
        });
      }
    },
    [qc],
  );

  const remove = useCallback(
    (id: string) => {
      setHidden((s) => new Set(s).add(id));
      let undone = false;
      waiting.current.set(id, null);
      showToast(({ toast }) => {
        if (!waiting.current.has(id)) return;
        const toastId = toast('Entry deleted', {
          description: 'It is removed from your history.',
          duration: UNDO_MS,
          action: {
            label: 'Undo',
            onClick: () => {
              undone = true;
              waiting.current.delete(id);
              setHidden((s) => without(s, id));
            },
          },
          onAutoClose: () => void (!undone && commit(id)),
          onDismiss: () => void (!undone && commit(id)),
        });
        waiting.current.set(id, toastId);
      });
    },
    [commit],
  );

  useEffect(() => {
    // The map itself never changes (only its entries), so the cleanup may hold it.
    const pending = waiting.current;
    const flush = () => {
      for (const id of pending.keys()) {
        // keepalive lets the request finish while the page unloads.
        void fetch(server.api.transformations[':id'].$path({ param: { id: encodeURIComponent(id) } }), {
          method: 'DELETE',
          credentials: 'include',
          keepalive: true,
        });
      }
      pending.clear();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      for (const [id, toastId] of [...pending]) {
        if (toastId !== null) showToast(({ toast }) => toast.dismiss(toastId));
        void commit(id);
      }
    };
  }, [commit]);

  return { hidden, remove };
}

function without(s: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(s);
  next.delete(id);
  return next;
}
