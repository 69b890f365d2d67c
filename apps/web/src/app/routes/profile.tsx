import { lazy, Suspense } from 'react';
import { ProfilePage } from '@/features/account/components/profile-page';
import { useSession } from '@/lib/auth';

// The API keys, extension and security cards (key forms, the two-factor QR code, the devices list) load once a
// signed-in user is known: a visitor who is asked to sign in does not download them.
const ApiKeysCard = lazy(() => import('@/features/api-keys').then((m) => ({ default: m.ApiKeysCard })));
const ExtensionCard = lazy(() => import('@/features/extension').then((m) => ({ default: m.ExtensionCard })));
const SecurityCard = lazy(() => import('@/features/security').then((m) => ({ default: m.SecurityCard })));

/** /profile: the account feature's page with the API keys and security features' cards. */
export function ProfileRoute() {
  const { user } = useSession();
  return (
    <ProfilePage
      extra={
        user ? (
          <Suspense fallback={null}>
            <ApiKeysCard />
            <ExtensionCard />
            <SecurityCard />
          </Suspense>
        ) : null
      }
    />
  );
}
