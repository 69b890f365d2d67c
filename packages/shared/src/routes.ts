/**
 * The web app's pages, in one list read by both sides: the browser's router renders one page per entry,
 * and the server answers 200 with the app for these paths and 404 (still with the app, which shows its
 * not-found page) for every other one; it also sets each page's title and description in the HTML, and
 * lists the `sitemap` pages in /sitemap.xml. A new page is added here first.
 */
export interface AppRoute {
  /** Names the page's module in the web app (apps/web/src/app/route-modules.ts). */
  id: AppRouteId;
  path: string;
  /** The document title. */
  title: string;
  /** The meta description search engines show. */
  description: string;
  /** Listed in /sitemap.xml (public pages worth finding). */
  sitemap: boolean;
  /** Kept out of search engines (robots.txt Disallow): tools and one-time pages. */
  private?: boolean;
}

export type AppRouteId =
  | 'home'
  | 'pricing'
  | 'aiCheck'
  | 'privacy'
  | 'terms'
  | 'ethicalUsage'
  | 'profile'
  | 'history'
  | 'webhookTest'
  | 'authTest'
  | 'subscriptionTest'
  | 'maintenance'
  | 'resetPassword'
  | 'admin'
  | 'adminEngine'
  | 'extensionConnect';

const SITE = 'Plainspoken';
const DESCRIPTION = 'Plainspoken rewrites AI-generated text so it reads like you wrote it.';

export const APP_ROUTES: readonly AppRoute[] = [
  {
    id: 'home',
    path: '/',
    title: `${SITE} — AI text that reads like you wrote it`,
    description: `${DESCRIPTION} Paste a draft, pick Deep Humanize or Lightning, and copy a rewrite that sounds like you.`,
    sitemap: true,
  },
  {
    id: 'pricing',
    path: '/pricing',
    title: `Pricing — ${SITE}`,
    description:
      'Plainspoken plans: Free, Basic, Pro and Ultra, each with a monthly word allowance, paid monthly or yearly.',
    sitemap: true,
  },
  {
    id: 'aiCheck',
    path: '/ai-check',
    title: `AI check — ${SITE}`,
    description:
      'Check how machine-written a text reads: a score for the whole text and each sentence highlighted with its signals.',
    sitemap: true,
  },
  {
    id: 'privacy',
    path: '/privacy',
    title: `Privacy Policy — ${SITE}`,
    description: 'How Plainspoken collects, uses and protects your data.',
    sitemap: true,
  },
  {
    id: 'terms',
    path: '/terms',
    title: `Terms of Service — ${SITE}`,
    description: 'The terms for using Plainspoken, its plans and payments.',
    sitemap: true,
  },
  {
    id: 'ethicalUsage',
    path: '/ethical-usage',
    title: `Ethical Usage Policy — ${SITE}`,
    description:
      'How Plainspoken may and may not be used: honest writing, academic integrity and the limits of rewriting.',
    sitemap: true,
  },
  {
    id: 'profile',
    path: '/profile',
    title: `Profile — ${SITE}`,
    description: 'Your Plainspoken plan, word balance, usage and account security.',
    sitemap: false,
  },
  {
    id: 'history',
    path: '/history',
    title: `History — ${SITE}`,
    description: 'Your earlier Plainspoken rewrites, to read and copy again.',
    sitemap: false,
  },
  {
    id: 'webhookTest',
    path: '/webhook-test',
    title: `Webhook test — ${SITE}`,
    description: DESCRIPTION,
    sitemap: false,
    private: true,
  },
  {
    id: 'authTest',
    path: '/auth-test',
    title: `Auth test — ${SITE}`,
    description: DESCRIPTION,
    sitemap: false,
    private: true,
  },
  {
    id: 'subscriptionTest',
    path: '/subscription-test',
    title: `Subscription test — ${SITE}`,
    description: DESCRIPTION,
    sitemap: false,
    private: true,
  },
  { id: 'maintenance', path: '/maintenance', title: `Maintenance — ${SITE}`, description: DESCRIPTION, sitemap: false },
  {
    id: 'resetPassword',
    path: '/reset-password',
    title: `Reset your password — ${SITE}`,
    description: DESCRIPTION,
    sitemap: false,
    private: true,
  },
  { id: 'admin', path: '/admin', title: `Admin — ${SITE}`, description: DESCRIPTION, sitemap: false, private: true },
  {
    id: 'adminEngine',
    path: '/admin/engine',
    title: `Engine — ${SITE}`,
    description: DESCRIPTION,
    sitemap: false,
    private: true,
  },
  {
    id: 'extensionConnect',
    path: '/extension/connect',
    title: `Connect the extension — ${SITE}`,
    description: 'Approve the Plainspoken browser extension to humanize and check the text you select.',
    sitemap: false,
    private: true,
  },
];

/** The title and description of the not-found page. */
export const NOT_FOUND_ROUTE_META = { title: `Page not found — ${SITE}`, description: DESCRIPTION } as const;

/** The page a pathname shows, or null (the not-found page). Case and a trailing slash
 * are ignored, as the router ignores them. */
export function matchAppRoute(pathname: string): AppRoute | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const lower = p.toLowerCase();
  return APP_ROUTES.find((r) => r.path === lower) ?? null;
}
