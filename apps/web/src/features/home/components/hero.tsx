import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { COPY, FREE_SIGNUP_WORDS, TAGLINE } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { trackCtaClick } from '@/lib/analytics';
import { useAuthDialog } from '@/lib/auth-dialog';

/** The query a click on "Try for free" before the app's code runs leads to: the app then opens sign-up. */
const SIGN_UP_PARAM = 'auth';

export function Hero() {
  const { isSignedIn, isPending } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [params, setParams] = useSearchParams();
  const askedToSignUp = params.get(SIGN_UP_PARAM) === 'sign-up';
  // Arrived from the HTML's "Try for free" (clicked before the app took over): open sign-up once the session
  // is known, and take the parameter out of the address.
  useEffect(() => {
    if (!askedToSignUp || isPending) return;
    setParams(
      (p) => {
        p.delete(SIGN_UP_PARAM);
        return p;
      },
      { replace: true },
    );
    if (!isSignedIn) openAuthDialog('sign-up');
  }, [askedToSignUp, isPending, isSignedIn, openAuthDialog, setParams]);
  // Signed in (or a session cookie still being read: the server seeds "signed out" when there is none),
  // the editor is what the visit is for: one line of heading, and the card right under the header.
  if (isSignedIn || isPending) {
    return (
      <section className="mx-auto w-full max-w-6xl px-4 pt-3 sm:px-6 sm:pt-6 sm:pb-4" data-testid="home-editor-heading">
        {/* On a phone the card itself says what it is; the heading stays for screen readers. */}
        <h1 className="text-xl font-semibold tracking-tight max-sm:sr-only sm:text-2xl">Humanize a draft</h1>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 pt-12 pb-8 text-center sm:px-6 sm:pt-20 sm:pb-12">
      <Badge variant="accent" className="mb-5">
        For writers, students and marketers
      </Badge>
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">{TAGLINE}</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
        Paste a draft from any AI writing tool. Plainspoken rewrites the stiff, predictable phrasing into plain, natural
        sentences, keeps your meaning, and shows you what changed.
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {isSignedIn ? (
          <Button asChild size="lg">
            <Link to={paths.pricing} onClick={() => trackCtaClick('hero', COPY.getMoreWords)}>
              {COPY.getMoreWords}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          // A form, so that a click before the app's code has run still leads somewhere: to /?auth=sign-up,
          // which opens sign-up once the app is up. With the app running, the click opens it at once.
          <form action={paths.home} method="get" className="contents">
            <input type="hidden" name={SIGN_UP_PARAM} value="sign-up" />
            <Button
              type="submit"
              size="lg"
              onClick={(e) => {
                e.preventDefault();
                trackCtaClick('hero', 'Try for free');
                openAuthDialog('sign-up');
              }}
            >
              Try for free
              <ArrowRightIcon aria-hidden="true" />
            </Button>
          </form>
        )}
        <Button asChild size="lg" variant="outline">
          <Link to={paths.features}>See how it works</Link>
        </Button>
      </div>
      <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
        <li className="inline-flex items-center gap-1.5">
          <CheckIcon className="size-4 text-success" aria-hidden="true" />
          {FREE_SIGNUP_WORDS} free words
        </li>
        <li className="inline-flex items-center gap-1.5">
          <CheckIcon className="size-4 text-success" aria-hidden="true" />
          No credit card required
        </li>
      </ul>
    </section>
  );
}
