/** Every URL the browser app uses, in one place: routes of the SPA and the server's API. */
export const paths = {
  home: '/',
  features: '/#features',
  pricing: '/pricing',
  aiCheck: '/ai-check',
  privacy: '/privacy',
  terms: '/terms',
  ethicalUsage: '/ethical-usage',
  profile: '/profile',
  history: '/history',
  webhookTest: '/webhook-test',
  authTest: '/auth-test',
  subscriptionTest: '/subscription-test',
  maintenance: '/maintenance',
  resetPassword: '/reset-password',
  admin: '/admin',
  adminEngine: '/admin/engine',
} as const;

export const api = {
  accountSignOut: '/api/account/sign-out',
  accountExport: '/api/account/export',
  health: '/api/health',
  config: '/api/config',
  me: '/api/me',
  checkBalance: '/api/functions/check-balance',
  humanizeText: '/api/functions/humanize-text',
  aiCheck: '/api/ai-check',
  trackUsage: '/api/functions/track-usage',
  syncUsers: '/api/functions/sync-users',
  subscription: '/api/subscription',
  transformations: '/api/transformations',
  paymentWebhook: '/api/functions/payment-webhook',
  processExpiredSubscriptions: '/api/functions/process-expired-subscriptions',
  adminWebhookLogs: '/api/admin/webhook-logs',
  adminSubscriber: '/api/admin/subscriber',
  adminOverview: '/api/admin/overview',
  adminEngine: '/api/admin/engine',
  adminEngineCheck: '/api/admin/engine/check',
  adminEnginePull: '/api/admin/engine/pull',
  adminEngineModels: '/api/admin/engine/models',
  writingOptions: '/api/writing-options',
  saveWritingOptions: '/api/functions/writing-options',
} as const;

/** Where auth emails send the user back to after confirming. */
export const AUTH_CALLBACK_URL = '/';
/** The callbacks of mailed links say what the link was, so the landing can say what happened. */
export const CONFIRM_CALLBACK_URL = '/?link=confirm';
export const SIGN_IN_LINK_CALLBACK_URL = '/?link=sign-in';
