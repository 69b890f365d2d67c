import { LockIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useAdminAccess } from '../api/admin-status';

/** Shows its children to admins only (spec decision 8); everyone else gets a plain explanation. */
export function AdminGate({ children, signedOutText }: { children: ReactNode; signedOutText?: string }) {
  const access = useAdminAccess();
  if (access === 'loading') return <GateSkeleton />;
  if (access === 'signed-out') return <SignedOutPage text={signedOutText} />;
  if (access === 'forbidden') return <ForbiddenPage />;
  return <>{children}</>;
}

function GateSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-12 sm:px-6" role="status" aria-label="Loading">
      <Skeleton className="h-9 w-1/2" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function SignedOutPage({ text }: { text?: string | undefined }) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center">
      <LockIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold">Please sign in</h1>
      <p className="mt-2 text-muted-foreground">
        {text ?? 'This diagnostics page is for administrators. Sign in with an administrator account to use it.'}
      </p>
      <Button className="mt-8" onClick={() => openAuthDialog('sign-in')}>
        Sign in
      </Button>
    </div>
  );
}

export function ForbiddenPage() {
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center"
      data-testid="forbidden-page"
    >
      <ShieldAlertIcon className="size-10 text-destructive" aria-hidden="true" />
      <p className="mt-4 text-6xl font-bold tracking-tight text-primary">403</p>
      <h1 className="mt-3 text-2xl font-semibold">Access denied</h1>
      <p className="mt-2 text-muted-foreground">
        This page is for administrators only. If you need access, ask the person who runs this site to add your email to
        the administrator list.
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </div>
  );
}
