import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { NotFoundRoute } from './routes/not-found';

/** Each page is its own chunk, so the home page ships only what it needs. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const Home = page(() => import('./routes/home'), (m) => m.HomeRoute);
const Pricing = page(() => import('@/features/pricing/components/pricing-page'), (m) => m.PricingPage);
const AiCheck = page(() => import('@/features/ai-check/components/ai-check-page'), (m) => m.AiCheckPage);
const Privacy = page(() => import('@/features/legal/components/privacy-page'), (m) => m.PrivacyPage);
const Terms = page(() => import('@/features/legal/components/terms-page'), (m) => m.TermsPage);
const EthicalUsage = page(() => import('@/features/legal/components/ethical-usage-page'), (m) => m.EthicalUsagePage);
const Profile = page(() => import('./routes/profile'), (m) => m.ProfileRoute);
const History = page(() => import('@/features/history/components/history-page'), (m) => m.HistoryPage);
const WebhookTest = page(() => import('@/features/diagnostics/components/webhook-test-page'), (m) => m.WebhookTestPage);
const AuthTest = page(() => import('@/features/diagnostics/components/auth-test-page'), (m) => m.AuthTestPage);
const SubscriptionTest = page(
  () => import('@/features/diagnostics/components/subscription-test-page'),
  (m) => m.SubscriptionTestPage,
);
const AdminOverview = page(() => import('@/features/diagnostics/components/admin-overview-page'), (m) => m.AdminOverviewPage);
const AdminEngine = page(() => import('@/features/engine/components/engine-page'), (m) => m.EnginePage);
const ResetPassword = page(() => import('@/features/security/components/reset-password-page'), (m) => m.ResetPasswordPage);
const Maintenance = page(() => import('@/features/maintenance/components/maintenance-page'), (m) => m.MaintenancePage);

export const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <Home /> },
      { path: paths.pricing, element: <Pricing /> },
      { path: paths.aiCheck, element: <AiCheck /> },
      { path: paths.privacy, element: <Privacy /> },
      { path: paths.terms, element: <Terms /> },
      { path: paths.ethicalUsage, element: <EthicalUsage /> },
      { path: paths.profile, element: <Profile /> },
      { path: paths.history, element: <History /> },
      { path: paths.webhookTest, element: <WebhookTest /> },
      { path: paths.authTest, element: <AuthTest /> },
      { path: paths.subscriptionTest, element: <SubscriptionTest /> },
      { path: paths.maintenance, element: <Maintenance /> },
      { path: paths.resetPassword, element: <ResetPassword /> },
      { path: paths.admin, element: <AdminOverview /> },
      { path: paths.adminEngine, element: <AdminEngine /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
