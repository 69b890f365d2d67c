/**
 * Product analytics (spec section 7, spec decision 10). Nothing leaves the browser unless the server's config
 * carries a PostHog key and host: the library is imported on demand then, so visitors without it never
 * download it. Events raised before set-up (the first page view happens ~1 s earlier) wait in a short
 * queue and are sent once the client is ready; without a configuration they are simply dropped.
 */
import { periodPrice, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import type { PublicConfig } from './app-config';

type Props = Record<string, unknown>;

export interface AnalyticsClient {
  capture: (event: string, props?: Props) => void;
  identify: (id: string) => void;
  reset: () => void;
}

export const ANALYTICS_EVENTS = {
  pageview: '$pageview',
  userSignedUp: 'user_signed_up',
  userLoggedIn: 'user_logged_in',
  signUp: 'sign_up',
  login: 'login',
  beginCheckout: 'begin_checkout',
  ctaClick: 'cta_click',
  viewPricing: 'view_pricing',
} as const;

export type AuthMethod = 'email' | 'google' | 'magic_link';

/** Enough to cover start-up; past this, old entries give way so an unconfigured page cannot grow it. */
const QUEUE_LIMIT = 50;

type Pending =
  { kind: 'capture'; event: string; props: Props | undefined } | { kind: 'identify'; id: string } | { kind: 'reset' };

let client: AnalyticsClient | null = null;
let starting: Promise<void> | null = null;
let pending: Pending[] = [];

function send(p: Pending): void {
  if (!client) {
    pending.push(p);
    if (pending.length > QUEUE_LIMIT) pending = pending.slice(-QUEUE_LIMIT);
    return;
  }
  if (p.kind === 'capture') client.capture(p.event, p.props);
  else if (p.kind === 'identify') client.identify(p.id);
  else client.reset();
}

/** Starts PostHog with the server's configuration; a missing configuration keeps everything local. */
export function initAnalytics(cfg: PublicConfig['posthog']): Promise<void> {
  if (!cfg?.key || !cfg.host) {
    pending = [];
    return Promise.resolve();
  }
  if (client) return Promise.resolve();
  starting ??= (async () => {
    try {
      const { default: posthog } = await import('posthog-js');
      posthog.init(cfg.key, {
        api_host: cfg.host,
        // Page views are sent by the router on every route change, not by the library.
        capture_pageview: false,
        capture_pageleave: false,
        persistence: 'localStorage+cookie',
        // Recording masks password inputs only (spec section 1).
        session_recording: { maskAllInputs: false, maskInputOptions: { password: true } },
      });
      setAnalyticsClient(posthog);
    } catch {
      // A blocked or failed load must never break the product; events are dropped.
      pending = [];
    } finally {
      starting = null;
    }
  })();
  return starting;
}

/** Installs a client and sends what was queued; tests pass a fake one. */
export function setAnalyticsClient(c: AnalyticsClient | null): void {
  client = c;
  if (!c) return;
  const queued = pending;
  pending = [];
  for (const p of queued) send(p);
}

export function track(event: string, props?: Props): void {
  send({ kind: 'capture', event, props });
}

export function trackPageview(path: string): void {
  const url = typeof window === 'undefined' ? path : window.location.origin + path;
  track(ANALYTICS_EVENTS.pageview, { path, $current_url: url });
}

export function trackViewPricing(): void {
  track(ANALYTICS_EVENTS.viewPricing);
}

export function trackSignUp(method: AuthMethod, userId: string | null): void {
  track(ANALYTICS_EVENTS.userSignedUp, { method, user_id: userId });
  track(ANALYTICS_EVENTS.signUp, { method });
}

export function trackLogin(method: AuthMethod, userId: string | null): void {
  track(ANALYTICS_EVENTS.userLoggedIn, { method, user_id: userId });
  track(ANALYTICS_EVENTS.login, { method });
}

/** begin_checkout with the plan's price for the chosen period, in USD. */
export function trackBeginCheckout(tier: PaidTier, period: BillingPeriod): void {
  track(ANALYTICS_EVENTS.beginCheckout, {
    tier,
    billing_period: period,
    value: periodPrice(tier, period),
    currency: 'USD',
  });
}

export function trackCtaClick(location: string, label: string): void {
  track(ANALYTICS_EVENTS.ctaClick, { location, label });
}

export function identify(userId: string): void {
  send({ kind: 'identify', id: userId });
}

export function resetAnalytics(): void {
  send({ kind: 'reset' });
}
