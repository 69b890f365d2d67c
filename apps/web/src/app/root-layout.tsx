import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { TIMINGS } from '@plainspoken/shared';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { Skeleton } from '@/components/ui/skeleton';
import { openedFromEmailLink, useSessionEffects } from '@/features/auth';
import { initAnalytics } from '@/lib/analytics';
import { useAppConfig } from '@/lib/app-config';
import { useSession } from '@/lib/auth';
import { MAIN_CLASS } from './layout-classes';
import { RouteEffects } from './route-effects';

// Promotions show to signed-in users only: their code (dialogs among it) loads for them, not for every visit.
const PromotionOverlays = lazy(() => import('@/features/promotions').then((m) => ({ default: m.PromotionOverlays })));
// What a mailed link did (signed in, expired, used before): only for a visit that came from one.
const EmailLinkNotices = lazy(() =>
  import('@/features/auth/email-links').then((m) => ({ default: m.EmailLinkNotices })),
);
const FROM_EMAIL_LINK = openedFromEmailLink();

export function RootLayout() {
  useSessionEffects();
  const config = useAppConfig();
  const { isSignedIn } = useSession();
  const posthog = config.data?.posthog ?? null;

  useEffect(() => {
    if (!posthog) return;
    const id = setTimeout(() => void initAnalytics(posthog), TIMINGS.startupTrackingDelayMs);
    return () => clearTimeout(id);
  }, [posthog]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <RouteEffects />
      <Header />
      <div id="promo-slot" />
      <main id="main" className={MAIN_CLASS}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {isSignedIn && (
        <Suspense fallback={null}>
          <PromotionOverlays />
        </Suspense>
      )}
      {FROM_EMAIL_LINK && (
        <Suspense fallback={null}>
          <EmailLinkNotices />
        </Suspense>
      )}
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-14 sm:px-6" role="status" aria-label="Loading">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="mt-6 h-64 w-full" />
    </div>
  );
}
