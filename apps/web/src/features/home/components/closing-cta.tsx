import { ArrowRightIcon } from 'lucide-react';
import { Link } from '@/components/link';
import { FREE_SIGNUP_WORDS } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { trackCtaClick } from '@/lib/analytics';
import { useAuthDialog } from '@/lib/auth-dialog';

export function ClosingCta() {
  const { isSignedIn } = useSession();
  const { openAuthDialog } = useAuthDialog();
  return (
    <section className="mx-auto max-w-6xl px-4 pt-4 pb-20 sm:px-6">
      <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight text-balance">Make your next draft sound like you</h2>
        <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">
          {isSignedIn
            ? 'Need more room? Paid plans raise your monthly words and the size of each request.'
            : `Start with ${FREE_SIGNUP_WORDS} free words. No credit card required.`}
        </p>
        <div className="mt-7 flex justify-center">
          {isSignedIn ? (
            <Button asChild size="lg" variant="secondary" className="bg-card! hover:bg-card/90!">
              <Link to={paths.pricing} onClick={() => trackCtaClick('closing_cta', 'See plans')}>
                See plans
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button
              size="lg"
              variant="secondary"
              className="bg-card! hover:bg-card/90!"
              onClick={() => {
                trackCtaClick('closing_cta', 'Try for free');
                openAuthDialog('sign-up');
              }}
            >
              Try for free
              <ArrowRightIcon aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
