/**
 * The module of each page in the shared route list (@plainspoken/shared APP_ROUTES). Each page is its own
 * chunk, so a page ships only what it needs. The build reads this file (vite.config.ts, routeChunks) to
 * list each page's chunks for the server, which preloads them beside the entry: the first render already
 * has its page and nothing moves when it arrives. Keep one `id: () => import('...')` per line.
 */
import type { ComponentType } from 'react';
import type { AppRouteId } from '@plainspoken/shared';

type Loader = () => Promise<ComponentType>;

export const routeModules: Record<AppRouteId, Loader> = {
  home: () => import('./routes/home').then((m) => m.HomeRoute),
  pricing: () => import('@/features/pricing/components/pricing-page').then((m) => m.PricingPage),
  aiCheck: () => import('@/features/ai-check/components/ai-check-page').then((m) => m.AiCheckPage),
  privacy: () => import('@/features/legal/components/privacy-page').then((m) => m.PrivacyPage),
  terms: () => import('@/features/legal/components/terms-page').then((m) => m.TermsPage),
  ethicalUsage: () => import('@/features/legal/components/ethical-usage-page').then((m) => m.EthicalUsagePage),
  profile: () => import('./routes/profile').then((m) => m.ProfileRoute),
  history: () => import('@/features/history/components/history-page').then((m) => m.HistoryPage),
  webhookTest: () => import('@/features/diagnostics/components/webhook-test-page').then((m) => m.WebhookTestPage),
  authTest: () => import('@/features/diagnostics/components/auth-test-page').then((m) => m.AuthTestPage),
  subscriptionTest: () =>
    import('@/features/diagnostics/components/subscription-test-page').then((m) => m.SubscriptionTestPage),
  maintenance: () => import('@/features/maintenance/components/maintenance-page').then((m) => m.MaintenancePage),
  resetPassword: () => import('@/features/security/components/reset-password-page').then((m) => m.ResetPasswordPage),
  admin: () => import('@/features/diagnostics/components/admin-overview-page').then((m) => m.AdminOverviewPage),
  adminEngine: () => import('@/features/engine/components/engine-page').then((m) => m.EnginePage),
  extensionConnect: () => import('@/features/extension/components/connect-page').then((m) => m.ExtensionConnectPage),
};
