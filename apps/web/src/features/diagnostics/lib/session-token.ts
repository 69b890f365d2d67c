import { authClient } from '@/lib/auth';

/** The signed-in session's token: the bearer token the payment webhook accepts for an admin's test event. */
export async function getSessionToken(): Promise<string | null> {
  const res = await authClient.getSession();
  return res.data?.session.token ?? null;
}
