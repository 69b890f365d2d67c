import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpenIcon, CheckIcon, CopyIcon, KeyRoundIcon, PlusIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@/components/link';
import { API_KEY_NAME_MAX, API_MSG, type ApiKeyItem, type CreatedApiKey } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { useSubscription } from '@/lib/subscription';
import { notifyError, notifySuccess } from '@/lib/toast';
import { apiKeysKeys, apiKeysPaths, apiKeysQueryOptions, createApiKey, revokeApiKey } from '../api/api-keys';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));
const errorText = (e: unknown, fallback: string) => (isApiError(e) && e.message ? e.message : fallback);

/** API keys on /profile: create (the full key is shown once), list with last use, revoke. Paid plans only. */
export function ApiKeysCard() {
  const { user } = useSession();
  if (!user) return null;
  return <ApiKeys userId={user.id} />;
}

function ApiKeys({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const list = useQuery(apiKeysQueryOptions(userId));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: apiKeysKeys.all });
  // A plan change on this page (checkout return, focus refresh) decides whether keys can be created.
  const tier = useSubscription(userId).data?.subscription_tier;
  const seenTier = useRef(tier);
  useEffect(() => {
    if (seenTier.current !== undefined && tier !== undefined && tier !== seenTier.current)
      void qc.invalidateQueries({ queryKey: apiKeysKeys.all });
    seenTier.current = tier ?? seenTier.current;
  }, [tier, qc]);

  const create = useMutation({
    mutationFn: createApiKey,
    // No toast: the new key's box says it, and a toast would sit over the box (NewKey scrolls to it).
    onSuccess: (res) => {
      setCreated(res);
      setName('');
    },
    onError: (e) => {
      if (isApiError(e) && e.code === 'VALIDATION') setNameError(e.message.replace(/^Invalid request\. (name: )?/, ''));
      else notifyError({ title: 'Could not create the key', description: errorText(e, 'Please try again.') });
    },
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (k: ApiKeyItem) => revokeApiKey(k.id),
    onSuccess: (_res, k) => {
      notifySuccess({ title: API_MSG.keyRevoked, description: `${k.name} no longer opens the API.` });
      if (created?.key.id === k.id) setCreated(null);
      setRevoking(null);
    },
    onError: (e) => notifyError({ title: 'Could not revoke the key', description: errorText(e, 'Please try again.') }),
    onSettled: refresh,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(API_MSG.keyNameRequired);
    setNameError(null);
    create.mutate({ name: trimmed });
  };

  const data = list.data;
  const keys = data?.keys ?? [];
  const full = data ? keys.length >= data.maxKeys : false;

  return (
    <Card data-testid="api-keys-card">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle className="flex items-center gap-2">
              <KeyRoundIcon aria-hidden="true" className="size-5 text-muted-foreground" />
              API keys
            </CardTitle>
            <CardDescription>
              Humanize and check text from your own code. Requests use your plan's words and limits.
            </CardDescription>
          </div>
          <Button variant="outline" size="sm" asChild>
            <a href={apiKeysPaths.reference}>
              <BookOpenIcon aria-hidden="true" />
              API reference
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {list.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading API keys">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : list.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {errorText(list.error, 'We could not load your API keys.')}{' '}
            <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <>
            {created && <NewKey key={created.key.id} created={created} onDone={() => setCreated(null)} />}

            {data?.canCreate ? (
              <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start" noValidate>
                <Field
                  label="Key name"
                  placeholder="e.g. Production server"
                  value={name}
                  maxLength={API_KEY_NAME_MAX}
                  autoComplete="off"
                  error={nameError}
                  disabled={full}
                  onChange={(e) => {
                    setName(e.target.value);
                    if (nameError) setNameError(null);
                  }}
                />
                <Button type="submit" className="sm:mt-[1.625rem]" disabled={create.isPending || full}>
                  {create.isPending ? <Spinner /> : <PlusIcon aria-hidden="true" />}
                  Create key
                </Button>
                {full && (
                  <p className="text-sm text-muted-foreground sm:col-span-2">{API_MSG.keyLimit(data.maxKeys)}</p>
                )}
              </form>
            ) : (
              <div
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-accent px-4 py-3 text-sm text-accent-foreground"
                data-testid="api-keys-upgrade"
              >
                <p>{API_MSG.keysNeedPaidPlan}</p>
                <Button size="sm" asChild>
                  <Link to={paths.pricing}>
                    <SparklesIcon aria-hidden="true" />
                    See plans
                  </Link>
                </Button>
              </div>
            )}

            {keys.length > 0 ? (
              <ul className="grid gap-2" aria-label="Your API keys">
                {keys.map((k) => (
                  <li
                    key={k.id}
                    data-testid="api-key"
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
                  >
                    <div className="grid min-w-0 gap-0.5 text-sm">
                      <span className="truncate font-medium">{k.name}</span>
                      <code className="font-mono text-xs text-muted-foreground">{k.prefix}…</code>
                      <span className="text-muted-foreground">
                        Created {formatDate(k.created_at)} ·{' '}
                        {k.last_used_at ? `Last used ${formatDate(k.last_used_at)}` : 'Never used'}
                      </span>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => setRevoking(k)}
                      aria-label={`Revoke ${k.name}`}
                    >
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              data?.canCreate && <p className="text-sm text-muted-foreground">You have no API keys yet.</p>
            )}
          </>
        )}
      </CardContent>

      <Dialog open={revoking !== null} onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke “{revoking?.name}”?</DialogTitle>
            <DialogDescription>Apps using this key stop working at once. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={revoke.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking)}
            >
              {revoke.isPending && <Spinner />}
              Revoke key
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/**
 * The new key, shown in full this once, with a copy button. It opens below the fold when the card is low on
 * the page, so it scrolls itself into view and moves the focus to its copy button; a successful copy says so
 * on the button (no toast over the box).
 */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    boxRef.current?.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
    copyRef.current?.focus({ preventScroll: true });
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      codeRef.current?.select();
      notifyError({
        title: "Couldn't copy automatically",
        description: 'The key is selected: press Ctrl+C (or Cmd+C) to copy it.',
      });
    }
  };
  return (
    <div
      ref={boxRef}
      className="grid scroll-mt-20 gap-3 rounded-lg border border-success/40 bg-success/10 p-4"
      role="status"
      data-testid="new-api-key"
    >
      <div className="grid gap-1 text-sm">
        <p className="font-medium">Your new key “{created.key.name}”</p>
        <p className="text-muted-foreground">{API_MSG.keyCreatedText}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={codeRef}
          readOnly
          value={created.secret}
          aria-label="New API key"
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 w-full min-w-0 shrink-0 rounded-lg border bg-card px-3 font-mono text-xs sm:w-auto sm:flex-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <Button ref={copyRef} type="button" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy key'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
