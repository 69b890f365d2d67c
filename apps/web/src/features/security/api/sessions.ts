import { queryOptions } from '@tanstack/react-query';
import type { SignOutInput, ApiErrorBody, SignOutScope } from '@plainspoken/shared';
import { server } from '@/lib/api';
import { authClient } from '@/lib/auth';
import { SecurityError } from '../lib/security-errors';

export interface Device {
  id: string;
  token: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

export const sessionsKeys = { all: ['security', 'sessions'] as const };

async function fetchDevices(): Promise<Device[]> {
  const [list, current] = await Promise.all([authClient.listSessions(), authClient.getSession()]);
  if (list.error) throw new SecurityError(list.error);
  const currentToken = current.data?.session.token;
  return (list.data ?? [])
    .map((s) => ({
      id: s.id,
      token: s.token,
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      createdAt: new Date(s.createdAt),
      lastActiveAt: new Date(s.updatedAt),
      current: s.token === currentToken,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
}

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: sessionsKeys.all, queryFn: fetchDevices, staleTime: 30_000 });

export async function revokeDevice(token: string): Promise<void> {
  const res = await authClient.revokeSession({ token });
  if (res.error) throw new SecurityError(res.error);
}

/** Our server's sign-out with a scope (global, local or others), mapped onto better-auth. */
export async function signOutScope(scope: SignOutScope): Promise<void> {
  let res: Response;
  try {
    res = await server.api.account['sign-out'].$post({ json: { scope } satisfies SignOutInput });
  } catch {
    throw new SecurityError({ status: 0, message: 'Could not reach the server. Check your connection and try again.' });
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as
      (Partial<ApiErrorBody> & { code?: string; message?: string }) | null;
    const err = body?.error ?? body ?? {};
    throw new SecurityError({ status: res.status, code: err.code, message: err.message });
  }
}
