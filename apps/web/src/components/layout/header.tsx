import { HistoryIcon, MailIcon, ScanSearchIcon, TagIcon, UserRoundIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { cn } from '@/lib/utils';
import { ContactLink } from './contact-link';
import { Logo } from './logo';

const navLink =
  'rounded-md px-2 py-1 text-sm font-medium transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

/** Whether this browser was signed in at its last visit: the header keeps that layout's space while the session loads. */
const SIGNED_IN_HINT = 'plainspoken-signed-in';
function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

export function Header() {
  const session = useSession();
  const { isPending } = session;
  const { openAuthDialog } = useAuthDialog();
  // While the session loads, the likely layout is laid out invisibly, so nothing moves when it arrives.
  const [hint] = useState(readSignedInHint);
  const isSignedIn = isPending ? hint : session.isSignedIn;
  useEffect(() => {
    if (isPending) return;
    try {
      localStorage.setItem(SIGNED_IN_HINT, session.isSignedIn ? '1' : '0');
    } catch {
      // Storage can be disabled; the header then assumes a signed-out visitor while loading.
    }
  }, [isPending, session.isSignedIn]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1.5 px-3 min-[420px]:gap-2 min-[420px]:px-4 sm:gap-4 sm:px-6">
        {/* Narrow screens keep only the mark (and icons for the shorter links) so the header fits 360 px. */}
        <Logo className="mr-auto" compact={isSignedIn ? 'md' : 'xs'} />
        <nav aria-label="Main" className="flex items-center gap-0.5 min-[420px]:gap-1 sm:gap-3">
          <NavLink
            to={paths.aiCheck}
            aria-label="AI check"
            className={({ isActive }) =>
              cn(
                navLink,
                'inline-flex items-center max-md:px-1.5',
                isActive ? 'text-foreground' : 'text-muted-foreground',
              )
            }
          >
            <ScanSearchIcon className="size-4 md:hidden" aria-hidden="true" />
            <span className="hidden md:inline">AI check</span>
          </NavLink>
          <NavLink
            to={paths.pricing}
            aria-label="Pricing"
            className={({ isActive }) =>
              cn(
                navLink,
                'inline-flex items-center max-[419px]:px-1.5',
                isActive ? 'text-foreground' : 'text-muted-foreground',
              )
            }
          >
            <TagIcon className="size-4 min-[420px]:hidden" aria-hidden="true" />
            <span className="hidden min-[420px]:inline">Pricing</span>
          </NavLink>
          <ContactLink
            className={cn(navLink, 'inline-flex items-center text-muted-foreground max-md:px-1.5')}
            ariaLabel="Contact"
          >
            <MailIcon className="size-4 md:hidden" aria-hidden="true" />
            <span className="hidden md:inline">Contact</span>
          </ContactLink>
        </nav>
        <div
          className={cn('flex items-center gap-1 sm:gap-2', isPending && 'pointer-events-none invisible')}
          aria-hidden={isPending || undefined}
          inert={isPending || undefined}
        >
          {isSignedIn ? (
            <>
              <Button asChild size="sm" className="h-9!">
                <Link to={paths.pricing}>Get more words</Link>
              </Button>
              <Button asChild variant="ghost" size="icon" className="size-9!">
                <Link to={paths.history} aria-label="History" title="History">
                  <HistoryIcon />
                </Link>
              </Button>
              <Button asChild variant="ghost" size="icon" className="size-9!">
                <Link to={paths.profile} aria-label="Profile" title="Profile">
                  <UserRoundIcon />
                </Link>
              </Button>
            </>
          ) : (
            <Button size="sm" className="h-9!" onClick={() => openAuthDialog('sign-up')}>
              Get started
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
