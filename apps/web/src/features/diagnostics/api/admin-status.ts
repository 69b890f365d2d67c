import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, server } from '@/lib/api';
import { useSession } from '@/lib/auth';

export const adminStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin-status', userId] as const,
    queryFn: () => call(server.api.me.$get()),
    staleTime: 5 * 60_000,
  });

export type AdminAccess = 'loading' | 'signed-out' | 'forbidden' | 'admin';

/** The server decides who is an admin (ADMIN_EMAILS); the browser only mirrors it to pick the page. */
export function useAdminAccess(): AdminAccess {
  const { user, isPending } = useSession();
  const q = useQuery({ ...adminStatusQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  if (isPending) return 'loading';
  if (!user) return 'signed-out';
  if (q.isPending) return 'loading';
  return q.data?.isAdmin ? 'admin' : 'forbidden';
}
