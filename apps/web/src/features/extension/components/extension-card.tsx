import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PuzzleIcon } from 'lucide-react';
import type { ExtensionConnectionItem } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/toast';
import { connectionsQueryOptions, extensionKeys, revokeConnection } from '../api/extension';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));
const errorText = (e: unknown, fallback: string) => (isApiError(e) && e.message ? e.message : fallback);

/** Browsers connected with the extension on /profile: each with its last use, and Disconnect. */
export function ExtensionCard() {
  const { user } = useSession();
  if (!user) return null;
  return <Connections userId={user.id} />;
}

function Connections({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const list = useQuery(connectionsQueryOptions(userId));
  const revoke = useMutation({
    mutationFn: (c: ExtensionConnectionItem) => revokeConnection(c.id),
    onSuccess: (_res, c) =>
      notifySuccess({ title: 'Browser disconnected', description: `${c.name} can no longer use your account.` }),
    onError: (e) => notifyError({ title: 'Could not disconnect', description: errorText(e, 'Please try again.') }),
    onSettled: () => qc.invalidateQueries({ queryKey: extensionKeys.all }),
  });
  const connections = list.data?.connections ?? [];

  return (
    <Card className="mt-6" data-testid="extension-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PuzzleIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          Browser extension
        </CardTitle>
        <CardDescription>
          Browsers where you connected the Plainspoken extension. They humanize and check the text you select, with your
          plan's words and limits, and can do nothing else with your account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-16 w-full" aria-label="Loading connected browsers" />
        ) : list.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {errorText(list.error, 'We could not load your connected browsers.')}{' '}
            <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : connections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No browser is connected.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Connected browsers">
            {connections.map((c) => (
              <li
                key={c.id}
                data-testid="extension-connection"
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
              >
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <span className="truncate font-medium">{c.name}</span>
                  <span className="text-muted-foreground">
                    Connected {formatDate(c.created_at)} ·{' '}
                    {c.last_used_at ? `Last used ${formatDate(c.last_used_at)}` : 'Never used'}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(c)}
                  aria-label={`Disconnect ${c.name}`}
                >
                  Disconnect
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
