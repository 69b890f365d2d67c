import { HistoryIcon, MailIcon, ScanSearchIcon, TagIcon, UserRoundIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COPY } from '@plainspoken/shared';
import { Link, NavLink } from '@/components/link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { cn } from '@/lib/utils';
import { ContactLink } from './contact-link';
import { Logo } from './logo';

const navLink =
  'rounded-md px-2 py-1 text-sm font-medium transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';
/**
 * Below 768 px each link is an icon over its short name (the words stay visible, so what is read out is what is
 * shown); from 768 px up the name alone (History and Profile keep their icons beside it).
 */
const stacked =
  'inline-flex flex-col items-center gap-0.5 max-md:px-0.5 max-md:py-0.5 max-[359px]:px-0! md:flex-row md:gap-1.5';
const stackedLabel = 'text-[11px] leading-none whitespace-nowrap max-[359px]:text-[10px] md:text-sm md:leading-normal';

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
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 max-[359px]:gap-0.5 max-[359px]:px-2 min-[420px]:gap-2 min-[420px]:px-4 sm:gap-4 sm:px-6">
        {/* Narrow screens keep only the mark, and each link's icon over its short name, so the header fits 360 px (and
            320 px, the narrowest phones, with tighter spacing). */}
        <Logo className="mr-auto" compact={isSignedIn ? 'md' : 'xs'} />
        <nav aria-label="Main" className="flex items-center gap-0.5 max-[359px]:gap-1 min-[420px]:gap-1 sm:gap-3">
          <NavLink
            to={paths.aiCheck}
            className={({ isActive }) => cn(navLink, stacked, isActive ? 'text-foreground' : 'text-muted-foreground')}
          >
            <ScanSearchIcon className="size-4 md:hidden" aria-hidden="true" />
            <span className={stackedLabel}>AI check</span>
          </NavLink>
          <NavLink
            to={paths.pricing}
            className={({ isActive }) => cn(navLink, stacked, isActive ? 'text-foreground' : 'text-muted-foreground')}
          >
            <TagIcon className="size-4 md:hidden" aria-hidden="true" />
            <span className={stackedLabel}>Pricing</span>
          </NavLink>
          <ContactLink className={cn(navLink, stacked, 'text-muted-foreground')}>
            <MailIcon className="size-4 md:hidden" aria-hidden="true" />
            <span className={stackedLabel}>Contact</span>
          </ContactLink>
        </nav>
        <div
          className={cn('flex items-center gap-1 sm:gap-2', isPending && 'pointer-events-none invisible')}
          aria-hidden={isPending || undefined}
          inert={isPending || undefined}
        >
          {isSignedIn ? (
            <>
              {/* Below 420 px its words take two short lines, like the links' icon over name, so the row fits 360 px. */}
              <Button
                asChild
                size="sm"
                className="h-9! text-center max-[419px]:max-w-16 max-[419px]:px-1.5 max-[419px]:text-[11px] max-[419px]:leading-tight max-[419px]:whitespace-normal"
              >
                <Link to={paths.pricing}>{COPY.getMoreWords}</Link>
              </Button>
              <Link to={paths.history} className={cn(navLink, stacked, 'text-muted-foreground [&_svg]:size-4')}>
                <HistoryIcon aria-hidden="true" />
                <span className={stackedLabel}>History</span>
              </Link>
              <Link to={paths.profile} className={cn(navLink, stacked, 'text-muted-foreground [&_svg]:size-4')}>
                <UserRoundIcon aria-hidden="true" />
                <span className={stackedLabel}>Profile</span>
              </Link>
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
