import { ProfilePage } from '@/features/account/components/profile-page';
import { SecurityCard } from '@/features/security';

/** /profile: the account feature's page with the security feature's card. */
export function ProfileRoute() {
  return <ProfilePage extra={<SecurityCard />} />;
}
