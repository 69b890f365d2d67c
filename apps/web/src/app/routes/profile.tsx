import { ProfilePage } from '@/features/account/components/profile-page';
import { ApiKeysCard } from '@/features/api-keys';
import { SecurityCard } from '@/features/security';

/** /profile: the account feature's page with the API keys and security features' cards. */
export function ProfileRoute() {
  return (
    <ProfilePage
      extra={
        <>
          <ApiKeysCard />
          <SecurityCard />
        </>
      }
    />
  );
}
