/** The better-auth client. It loads on first use through `authClient` in ./auth (most visits never sign in). */
import { createAuthClient } from 'better-auth/react';
import { magicLinkClient, twoFactorClient } from 'better-auth/client/plugins';

export const betterAuthClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // The sign-in dialog asks for the code itself (twoFactorRedirect), so the plugin must not navigate.
  plugins: [magicLinkClient(), twoFactorClient()],
});

export type BetterAuthClient = typeof betterAuthClient;
