import { PROMOTIONS } from '@plainspoken/shared';
import { useSession } from '@/lib/auth';
import { useNow } from '@/lib/use-now';
import { BackToSchoolSale } from './back-to-school-sale';
import { SummerSale } from './summer-sale';

/** Mounted once in the root layout; promotions show to signed-in users only (spec section 6). */
export function PromotionOverlays() {
  const { user } = useSession();
  const now = useNow(60_000);
  if (!user) return null;
  return (
    <>
      {now <= PROMOTIONS.summer.endsAt && <SummerSale key={`summer-${user.id}`} userId={user.id} />}
      {PROMOTIONS.backToSchool.enabled && <BackToSchoolSale key={`bts-${user.id}`} userId={user.id} />}
    </>
  );
}
