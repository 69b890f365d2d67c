/**
 * Promotion codes at checkout. The server decides whether a code is valid for a user (known, not past
 * its end, campaign on, not redeemed before); the provider applies the discount (Paddle: the discount id
 * configured in PADDLE_DISCOUNT_IDS; the sandbox: its own checkout page). A code counts as redeemed only
 * when a transaction carrying its discount completes (the webhook), never when a dialog is opened.
 */
import { and, eq } from 'drizzle-orm';
import { findPromoCode, PROMOTIONS, type PromoCode, type PromotionsState } from '@plainspoken/shared';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { promotion_redemptions, promotion_windows, subscribers } from '../../db/schema';
import type { Logger } from '../../lib/logger';

export type CodeCheck = { ok: true; promo: PromoCode; discountId: string } | { ok: false; message: string };

const SANDBOX_DISCOUNT_PREFIX = 'dsc_sandbox_';

/** The provider's discount id for a code: configured for Paddle, derived for the sandbox. */
export function discountIdFor(env: Env, code: string): string | null {
  if (env.PADDLE_API_KEY) return env.PADDLE_DISCOUNT_IDS?.[code] ?? null;
  return `${SANDBOX_DISCOUNT_PREFIX}${code.toLowerCase()}`;
}

/** The code a completed transaction's discount id stands for, or null for a discount of no promotion. */
export function codeForDiscountId(env: Env, discountId: string): string | null {
  if (env.PADDLE_API_KEY) {
    const hit = Object.entries(env.PADDLE_DISCOUNT_IDS ?? {}).find(([, id]) => id === discountId);
    return hit ? hit[0] : null;
  }
  if (!discountId.startsWith(SANDBOX_DISCOUNT_PREFIX)) return null;
  return findPromoCode(discountId.slice(SANDBOX_DISCOUNT_PREFIX.length))?.code ?? null;
}

export async function redeemedCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ code: promotion_redemptions.code })
    .from(promotion_redemptions)
    .where(eq(promotion_redemptions.user_id, userId));
  return rows.map((r) => r.code).sort();
}

/**
 * The code whose discount paid the plan held now: redeemed within a minute of the current period's start
 * or later, and not before a change of plan in this period (the plan held since a change was paid at its
 * list price, prorated). Null when the plan held was paid at the full price, as is every renewal.
 */
export async function codeOfPeriod(db: Db, userId: string, periodStart: Date): Promise<string | null> {
  const [sub] = await db
    .select({ changed: subscribers.plan_changed_at })
    .from(subscribers)
    .where(eq(subscribers.user_id, userId))
    .limit(1);
  return codeOfHolding(await redemptionsOf(db, userId), periodStart, sub?.changed ?? null);
}

/** Every code the user redeemed, with when. */
export async function redemptionsOf(db: Db, userId: string): Promise<{ code: string; at: Date }[]> {
  return db
    .select({ code: promotion_redemptions.code, at: promotion_redemptions.redeemed_at })
    .from(promotion_redemptions)
    .where(eq(promotion_redemptions.user_id, userId));
}

/** codeOfPeriod's rule on plain values: the latest redemption since the plan held began, or null. */
export function codeOfHolding(
  redemptions: readonly { code: string; at: Date }[],
  periodStart: Date,
  planChangedAt: Date | null,
): string | null {
  const from = Math.max(periodStart.getTime() - 60_000, planChangedAt ? planChangedAt.getTime() : 0);
  const hit = redemptions.filter((r) => r.at.getTime() >= from).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  return hit?.code ?? null;
}

type Window = { startedAt: Date; endsAt: Date };

/**
 * The account's back-to-school window: read, or started now when `start` and none exists (the first time
 * the offer is shown to the account, in any browser, or its code is first tried). One row per account and
 * code; concurrent starts keep the first.
 */
export async function backToSchoolWindow(
  deps: { db: Db; now: () => Date },
  userId: string,
  start: boolean,
): Promise<Window | null> {
  const code = PROMOTIONS.backToSchool.code;
  const read = async () =>
    (
      await deps.db
        .select({ startedAt: promotion_windows.started_at, endsAt: promotion_windows.ends_at })
        .from(promotion_windows)
        .where(and(eq(promotion_windows.user_id, userId), eq(promotion_windows.code, code)))
        .limit(1)
    )[0] ?? null;
  const found = await read();
  if (found || !start || !PROMOTIONS.backToSchool.enabled) return found;
  const now = deps.now();
  await deps.db
    .insert(promotion_windows)
    .values({
      user_id: userId,
      code,
      started_at: now,
      ends_at: new Date(now.getTime() + PROMOTIONS.backToSchool.durationMs),
    })
    .onConflictDoNothing();
  return read();
}

/** GET /api/promotions (and the start of the window): redeemed codes and the back-to-school window. */
export async function promotionsState(
  deps: { db: Db; now: () => Date },
  userId: string,
  start: boolean,
): Promise<PromotionsState> {
  const w = await backToSchoolWindow(deps, userId, start);
  return {
    redeemed: await redeemedCodes(deps.db, userId),
    backToSchool: w ? { startedAt: w.startedAt.toISOString(), endsAt: w.endsAt.toISOString() } : null,
  };
}

/** Said when the back-to-school code is tried after the account's countdown reached zero. */
export const backToSchoolEnded = (code: string) =>
  `The back-to-school offer for your account ended when its 48-hour countdown reached zero, so the code ${code} no longer applies.`;

/** Whether `typed` may be used by this user now, with the reason in the user's words when not. */
export async function checkPromoCode(
  deps: { db: Db; env: Env; now: () => Date },
  userId: string,
  typed: string,
): Promise<CodeCheck> {
  const promo = findPromoCode(typed);
  if (!promo) return { ok: false, message: `"${typed.trim()}" is not a valid code. Check the spelling and try again.` };
  if (promo.endsAt !== null && deps.now().getTime() > promo.endsAt)
    return { ok: false, message: `The code ${promo.code} has expired.` };
  if (promo.sale === 'backToSchool' && !PROMOTIONS.backToSchool.enabled)
    return { ok: false, message: `The code ${promo.code} is not active right now.` };
  if (promo.sale === 'backToSchool') {
    // The offer runs 48 hours from when the account first saw it (or first tried the code), then ends.
    const w = await backToSchoolWindow(deps, userId, true);
    if (w && deps.now().getTime() >= w.endsAt.getTime()) return { ok: false, message: backToSchoolEnded(promo.code) };
  }
  const used = await deps.db
    .select({ code: promotion_redemptions.code })
    .from(promotion_redemptions)
    .where(and(eq(promotion_redemptions.user_id, userId), eq(promotion_redemptions.code, promo.code)))
    .limit(1);
  if (used.length) return { ok: false, message: `You have already used the code ${promo.code}.` };
  const discountId = discountIdFor(deps.env, promo.code);
  if (!discountId)
    return { ok: false, message: `The code ${promo.code} cannot be used right now. Please contact support.` };
  return { ok: true, promo, discountId };
}

/**
 * Called for every verified event: a completed transaction with a promotion's discount marks that code
 * redeemed for the user in custom_data. Replays are harmless (one row per user and code).
 */
export async function recordRedemption(
  deps: { db: Db; env: Env; logger: Logger; now: () => Date },
  body: unknown,
): Promise<void> {
  const ev = body as {
    event_type?: unknown;
    data?: { id?: unknown; discount_id?: unknown; custom_data?: { user_id?: unknown } | null };
  };
  if (ev.event_type !== 'transaction.completed') return;
  const discountId = ev.data?.discount_id;
  const userId = ev.data?.custom_data?.user_id;
  if (typeof discountId !== 'string' || typeof userId !== 'string') return;
  const code = codeForDiscountId(deps.env, discountId);
  if (!code) return;
  try {
    await deps.db
      .insert(promotion_redemptions)
      .values({
        user_id: userId,
        code,
        transaction_id: typeof ev.data?.id === 'string' ? ev.data.id : null,
        redeemed_at: deps.now(),
      })
      .onConflictDoNothing();
  } catch (e) {
    // An unknown user (deleted meanwhile) must not fail the delivery the plan change already applied.
    deps.logger.warn('promotion redemption not recorded', { userId, code, error: (e as Error).message });
  }
}
