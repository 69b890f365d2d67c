import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { TIMINGS } from '@plainspoken/shared';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { Skeleton } from '@/components/ui/skeleton';
import { useEmailLinkErrors, useSessionEffects } from '@/features/auth';
import { PromotionOverlays } from '@/features/promotions';
import { initAnalytics } from '@/lib/analytics';
import { useAppConfig } from '@/lib/app-config';
import { RouteEffects } from './route-effects';

export function RootLayout() {
  useEmailLinkErrors();
  useSessionEffects();
  const config = useAppConfig();
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
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <PromotionOverlays />
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
