import { HistoryIcon, MailIcon, ScanSearchIcon, UserRoundIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { cn } from '@/lib/utils';
import { ContactLink } from './contact-link';
import { Logo } from './logo';

const navLink =
  'rounded-md px-2 py-1 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export function Header() {
  const { isSignedIn, isPending } = useSession();
  const { openAuthDialog } = useAuthDialog();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo className="mr-auto" compact />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
          <NavLink
            to={paths.aiCheck}
            aria-label="AI check"
            className={({ isActive }) => cn(navLink, 'inline-flex items-center', isActive && 'text-foreground')}
          >
            <ScanSearchIcon className="size-4 min-[480px]:hidden" aria-hidden="true" />
            <span className="hidden min-[480px]:inline">AI check</span>
          </NavLink>
          <NavLink to={paths.pricing} className={({ isActive }) => cn(navLink, isActive && 'text-foreground')}>
            Pricing
          </NavLink>
          <ContactLink className={cn(navLink, 'inline-flex items-center')} ariaLabel="Contact">
            <MailIcon className="size-4 min-[480px]:hidden" aria-hidden="true" />
            <span className="hidden min-[480px]:inline">Contact</span>
          </ContactLink>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          {isPending ? (
            <Skeleton className="h-9 w-28" />
          ) : isSignedIn ? (
            <>
              <Button asChild size="sm" className="h-9">
                <Link to={paths.pricing}>Get more words</Link>
              </Button>
              <Button asChild variant="ghost" size="icon" className="size-9">
                <Link to={paths.history} aria-label="History" title="History">
                  <HistoryIcon />
                </Link>
              </Button>
              <Button asChild variant="ghost" size="icon" className="size-9">
                <Link to={paths.profile} aria-label="Profile" title="Profile">
                  <UserRoundIcon />
                </Link>
              </Button>
            </>
          ) : (
            <Button size="sm" className="h-9" onClick={() => openAuthDialog('sign-up')}>
              Get started
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
