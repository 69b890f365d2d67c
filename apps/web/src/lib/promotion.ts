/**
 * Which promotion applies to the signed-in user right now, for the promotion overlays and the pricing
 * page (features do not import each other). The server says which codes were redeemed (a checkout with
 * the code completed) and keeps the back-to-school window per account (started when its button is first
 * shown, in any browser; the code is refused after it); the summer sale's dates are shared constants.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { findPromoCode, PROMOTIONS, type PromoCode, type PromotionsState } from '@plainspoken/shared';
import { call, server } from './api';
import { useSession } from './auth';
import { useNow } from './use-now';

export const promotionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['promotions', userId] as const,
    queryFn: () => call(server.api.promotions.$get()),
    staleTime: 60_000,
  });

/** The codes this user redeemed and the back-to-school window; empty while loading or signed out. */
export function useRedeemedCodes(userId: string | null): {
  redeemed: readonly string[];
  backToSchool: PromotionsState['backToSchool'];
  loaded: boolean;
} {
  const q = useQuery({ ...promotionsQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
  return { redeemed: q.data?.redeemed ?? [], backToSchool: q.data?.backToSchool ?? null, loaded: q.isSuccess };
}

/** Starts this account's back-to-school window on the server (once; later calls read it) and keeps the answer. */
export async function startBackToSchool(qc: QueryClient, userId: string): Promise<void> {
  const state = await call(server.api.promotions['back-to-school'].$post());
  qc.setQueryData(promotionsQueryOptions(userId).queryKey, state);
  promotionChanged();
}

/** The promotion whose discount applies now: the summer sale while it runs, else a running back-to-school window. */
export function activePromotion(
  now: number,
  state: Pick<PromotionsState, 'redeemed' | 'backToSchool'>,
): PromoCode | null {
  const { redeemed } = state;
  const summer = findPromoCode(PROMOTIONS.summer.code);
  if (summer && now <= PROMOTIONS.summer.endsAt && !redeemed.includes(summer.code)) return summer;
  const bts = findPromoCode(PROMOTIONS.backToSchool.code);
  const end = state.backToSchool ? Date.parse(state.backToSchool.endsAt) : null;
  if (bts && PROMOTIONS.backToSchool.enabled && end !== null && now < end && !redeemed.includes(bts.code)) return bts;
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
  const { redeemed, backToSchool, loaded } = useRedeemedCodes(user?.id ?? null);
  if (!user || !loaded) return null;
  return activePromotion(now, { redeemed: [...redeemed], backToSchool });
}
