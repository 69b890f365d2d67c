import { useMutation } from '@tanstack/react-query';
import { CheckCircle2Icon, LinkIcon, PuzzleIcon } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { EXTENSION_NAME_MAX } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { approveExtension } from '../api/extension';

const PKCE = /^[A-Za-z0-9_-]{43}$/;
/** The card's title is the page's one heading: a card title's look, as a level-one heading. */
const TITLE = 'flex items-center gap-2 text-lg leading-tight font-semibold tracking-tight';

/**
 * /extension/connect: the extension opens it with ?challenge=&name=. A signed-in user approves; the page
 * then shows the one-time code in its own address (?code=), where the extension that opened this tab reads
 * it and trades it, with a secret only it holds, for a token of its own (decision 0049).
 */
export function ExtensionConnectPage() {
  const [params] = useSearchParams();
  const challenge = params.get('challenge') ?? '';
  const name = (params.get('name') ?? '').trim().slice(0, EXTENSION_NAME_MAX) || 'Browser extension';
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 sm:px-6">
      {params.get('code') ? (
        <Approved />
      ) : PKCE.test(challenge) ? (
        <Approve challenge={challenge} name={name} />
      ) : (
        <Invalid />
      )}
    </div>
  );
}

function Approve({ challenge, name }: { challenge: string; name: string }) {
  const { user, isPending } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const approve = useMutation({
    mutationFn: () => approveExtension({ challenge, name }),
    onSuccess: ({ code }) =>
      void navigate(`${paths.extensionConnect}?code=${encodeURIComponent(code)}`, { replace: true }),
  });

  return (
    <Card>
      <CardHeader>
        <h1 className={TITLE}>
          <PuzzleIcon aria-hidden="true" className="size-5 text-primary" />
          Connect the Plainspoken extension
        </h1>
        <CardDescription>{name} asks to use your Plainspoken account in this browser.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-1.5 pl-5 text-sm">
          <li>It humanizes and checks the text you select, with your saved writing options and frozen phrases.</li>
          <li>Rewrites use your plan's words and limits, as on this site, and appear in your History.</li>
          <li>It cannot change your account, plan or payments. Disconnect it any time on your profile.</li>
        </ul>
        {isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : user ? (
          <>
            <p className="text-sm text-muted-foreground">
              Signed in as <span className="font-medium text-foreground">{user.email}</span>
            </p>
            <FormError>{approve.isError ? errorText(approve.error) : null}</FormError>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => approve.mutate()} disabled={approve.isPending}>
                {approve.isPending && <Spinner />}
                Approve
              </Button>
              <Button variant="outline" onClick={() => void navigate(paths.home)}>
                Cancel
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">Sign in to your account to approve the connection.</p>
            <div>
              <Button onClick={() => openAuthDialog('sign-in')}>Sign in</Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function errorText(e: unknown): string {
  return isApiError(e) && e.message ? e.message : 'The connection could not be approved. Please try again.';
}

function Approved() {
  return (
    <Card>
      <CardHeader>
        <h1 className={TITLE}>
          <CheckCircle2Icon aria-hidden="true" className="size-5 text-success" />
          Approved
        </h1>
        <CardDescription role="status">
          The extension is finishing the connection and closes this tab. If the tab stays open, go back to the extension
          and choose Connect again.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function Invalid() {
  return (
    <Card>
      <CardHeader>
        <h1 className={TITLE}>
          <LinkIcon aria-hidden="true" className="size-5 text-destructive" />
          This connection link is incomplete
        </h1>
        <CardDescription>
          Open the Plainspoken extension and choose Connect to Plainspoken: it opens this page with what it needs.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
