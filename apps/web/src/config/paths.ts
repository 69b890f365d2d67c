/** The SPA's own routes (the server's API is called through `server` in lib/api.ts, typed by its routes). */
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
  extensionConnect: '/extension/connect',
} as const;

/** Where auth emails send the user back to after confirming. */
export const AUTH_CALLBACK_URL = '/';
/** The callbacks of mailed links say what the link was, so the landing can say what happened. */
export const CONFIRM_CALLBACK_URL = '/?link=confirm';
export const SIGN_IN_LINK_CALLBACK_URL = '/?link=sign-in';
