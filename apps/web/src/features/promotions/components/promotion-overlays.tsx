import { PROMOTIONS } from '@plainspoken/shared';
import { useSession } from '@/lib/auth';
import { BackToSchoolSale } from './back-to-school-sale';
import { SummerSale } from './summer-sale';

/** Mounted once in the root layout; promotions show to signed-in users only (spec section 6). */
export function PromotionOverlays() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      {Date.now() <= PROMOTIONS.summer.endsAt && <SummerSale key={`summer-${user.id}`} userId={user.id} />}
      {PROMOTIONS.backToSchool.enabled && <BackToSchoolSale key={`bts-${user.id}`} userId={user.id} />}
    </>
  );
}
