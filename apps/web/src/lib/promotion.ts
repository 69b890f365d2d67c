/**
 * Which promotion applies to the signed-in user right now, for the promotion overlays and the pricing
 * page (features do not import each other). The server says which codes were redeemed (a checkout with
 * the code completed); the sale dates and the back-to-school window (started when its button is first
 * shown, kept in localStorage as spec section 3 names it) come from the shared constants.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { findPromoCode, PROMOTIONS, type PromoCode } from '@plainspoken/shared';
import { call, server } from './api';
import { useSession } from './auth';
import { useNow } from './use-now';

export const promotionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['promotions', userId] as const,
    queryFn: () => call(server.api.promotions.$get()),
    staleTime: 60_000,
  });

/** The codes this user redeemed; empty while loading or signed out. */
export function useRedeemedCodes(userId: string | null): { redeemed: readonly string[]; loaded: boolean } {
  const q = useQuery({ ...promotionsQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
  return { redeemed: q.data?.redeemed ?? [], loaded: q.isSuccess };
}

export const backToSchoolStartKey = (userId: string) => `back_to_school_start_${userId}`;

function storedStart(userId: string): number | null {
  try {
    const n = Number(window.localStorage.getItem(backToSchoolStartKey(userId)));
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/** The promotion whose discount applies now: the summer sale while it runs, else a running back-to-school window. */
export function activePromotion(userId: string, now: number, redeemed: readonly string[]): PromoCode | null {
  const summer = findPromoCode(PROMOTIONS.summer.code);
  if (summer && now <= PROMOTIONS.summer.endsAt && !redeemed.includes(summer.code)) return summer;
  const bts = findPromoCode(PROMOTIONS.backToSchool.code);
  const start = storedStart(userId);
  if (
    bts &&
    PROMOTIONS.backToSchool.enabled &&
    start !== null &&
    now < start + PROMOTIONS.backToSchool.durationMs &&
    !redeemed.includes(bts.code)
  )
    return bts;
  return null;
}

/**
 * The back-to-school window starts when its button first shows, which may be after a page (pricing) has
 * already rendered its prices: the promotions feature calls this when it starts the window, and every
 * page that shows a promotion's price renders again.
 */
let promotionVersion = 0;
const promotionListeners = new Set<() => void>();
export function promotionChanged(): void {
  promotionVersion += 1;
  for (const l of promotionListeners) l();
}
function subscribePromotion(l: () => void): () => void {
  promotionListeners.add(l);
  return () => promotionListeners.delete(l);
}

export function useActivePromotion(): PromoCode | null {
  useSyncExternalStore(
    subscribePromotion,
    () => promotionVersion,
    () => 0,
  );
  const { user } = useSession();
  const now = useNow(60_000);
  const { redeemed, loaded } = useRedeemedCodes(user?.id ?? null);
  if (!user || !loaded) return null;
  return activePromotion(user.id, now, redeemed);
}
