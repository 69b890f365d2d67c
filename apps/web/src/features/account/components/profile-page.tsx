import { LogOutIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession, useSignOut } from '@/lib/auth';

/** Placeholder for the account page: the account card with Log out; subscription and balance come later. */
export function ProfilePage() {
  const { user, isPending } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-8 text-3xl font-bold tracking-tight">Account</h1>
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isPending ? (
            <Skeleton className="h-10 w-64" />
          ) : user ? (
            <>
              <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-muted-foreground">Name</dt>
                <dd className="break-all">{user.email}</dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="break-all">{user.email}</dd>
              </dl>
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={async () => {
                  await signOut();
                  void navigate(paths.home);
                }}
              >
                <LogOutIcon aria-hidden="true" />
                Log out
              </Button>
            </>
          ) : (
            <p className="text-muted-foreground">Please sign in to see your account.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
