import { useQuery } from '@tanstack/react-query';
import { LogOutIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCESS_TOKEN_DISPLAY_CHARS, COPY } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Detail, DetailList } from '@/components/ui/detail-list';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { authClient, useSignOut } from '@/lib/auth';
import { formatDateTime, yesNo } from '../lib/format';
import { AdminGate } from './admin-gate';
import { BackToAdmin } from './back-to-admin';

export function AuthTestPage() {
  return (
    <AdminGate>
      <AuthDebug />
    </AdminGate>
  );
}

interface DebugSession {
  user: {
    id: string;
    email: string;
    emailVerified: boolean;
    createdAt: Date | string;
    updatedAt?: Date | string;
    lastSignInAt?: Date | string | null;
  };
  session: { token: string; expiresAt: Date | string };
}

async function fetchDebugSession(): Promise<DebugSession | null> {
  const res = await authClient.getSession();
  if (res.error) throw new Error(res.error.message ?? 'Could not load the session');
  const data = res.data as DebugSession | null;
  return data?.user ? data : null;
}

/** Keys that look like auth state, as the spec's debug page lists them. */
export function storedAuthEntries(storage: Storage): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && (key.includes('auth') || key.includes('better-auth')))
      out.push({ key, value: storage.getItem(key) ?? '' });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

function readStorage(): { key: string; value: string }[] {
  try {
    return storedAuthEntries(window.localStorage);
  } catch {
    return [];
  }
}

function AuthDebug() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const q = useQuery({ queryKey: ['auth-debug'], queryFn: fetchDebugSession, staleTime: 0 });
  const [entries, setEntries] = useState(readStorage);
  const [url, setUrl] = useState(() => ({ hash: window.location.hash, search: window.location.search }));

  useEffect(() => {
    const onHash = () => setUrl({ hash: window.location.hash, search: window.location.search });
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  async function onSignOut() {
    await signOut();
    void navigate(paths.home);
  }

  function onRefresh() {
    void q.refetch();
    setEntries(readStorage());
    setUrl({ hash: window.location.hash, search: window.location.search });
  }

  const s = q.data;
  const token = s?.session.token ?? '';
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <BackToAdmin />
          <h1 className="text-3xl font-bold tracking-tight">Authentication debug</h1>
          <p className="mt-2 text-muted-foreground">What this browser's session looks like to the server.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onRefresh}>
            <RefreshCwIcon />
            Refresh
          </Button>
          <Button variant="destructive" onClick={onSignOut}>
            <LogOutIcon />
            {COPY.signOut}
          </Button>
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Session</CardTitle>
        </CardHeader>
        <CardContent>
          {q.isPending ? (
            <Skeleton className="h-48 w-full" />
          ) : q.isError ? (
            <p className="text-sm text-destructive">{q.error.message}</p>
          ) : (
            <DetailList>
              <Detail label="Status" testId="auth-status">
                <Badge variant={s ? 'success' : 'warning'}>{s ? 'Authenticated' : 'Not authenticated'}</Badge>
              </Detail>
              <Detail label="Email" testId="auth-email">
                {s?.user.email ?? 'N/A'}
              </Detail>
              <Detail label="User id">
                <code className="text-xs">{s?.user.id ?? 'N/A'}</code>
              </Detail>
              <Detail label="Email confirmed">{s ? yesNo(s.user.emailVerified) : 'N/A'}</Detail>
              <Detail label="Created">{formatDateTime(s?.user.createdAt)}</Detail>
              <Detail label="Last sign-in">{formatDateTime(s?.user.lastSignInAt)}</Detail>
              <Detail label="Access token" testId="auth-token">
                <code className="text-xs">{token ? `${token.slice(0, ACCESS_TOKEN_DISPLAY_CHARS)}...` : 'N/A'}</code>
              </Detail>
              <Detail label="Token type">{s ? 'bearer' : 'N/A'}</Detail>
              <Detail label="Expires">{formatDateTime(s?.session.expiresAt)}</Detail>
            </DetailList>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>URL parameters</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList>
            <Detail label="Hash">
              <code className="text-xs">{url.hash || '(empty)'}</code>
            </Detail>
            <Detail label="Search">
              <code className="text-xs">{url.search || '(empty)'}</code>
            </Detail>
          </DetailList>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Stored auth entries</CardTitle>
        </CardHeader>
        <CardContent>
          {entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No auth entries in local storage. Sessions live in an HTTP-only cookie.
            </p>
          ) : (
            <ul className="grid gap-2" data-testid="auth-storage">
              {entries.map((e) => (
                <li key={e.key} className="rounded-md bg-muted p-2 text-xs">
                  <code className="font-semibold">{e.key}</code>
                  <pre className="mt-1 overflow-auto whitespace-pre-wrap break-all">{e.value}</pre>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
