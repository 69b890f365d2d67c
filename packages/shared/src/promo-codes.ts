/**
 * The promotion codes as money: what each takes off, on which billing period, and until when. The
 * browser shows the discounted price with these figures; the server applies the same figures at
 * checkout and is the only judge of whether a code is valid for a user.
 */
import type { BillingPeriod } from './plans';
import { PROMOTIONS } from './timings';

export interface PromoCode {
  code: string;
  /** Which sale it belongs to (the browser's overlay of the same name). */
  sale: 'summer' | 'backToSchool';
  /** Percent off every plan. */
  percentOff: number;
  /** A further percent off yearly plans, applied after percentOff. */
  yearlyExtraPercentOff: number;
  /** Valid up to this instant (ms); null: while the campaign runs. */
  endsAt: number | null;
}

export const PROMO_CODES: readonly PromoCode[] = [
  // Spec: special pricing on all plans plus extra savings on annual plans (the annual price is already 30% lower).
  {
    code: PROMOTIONS.summer.code,
    sale: 'summer',
    percentOff: 50,
    yearlyExtraPercentOff: 0,
    endsAt: PROMOTIONS.summer.endsAt,
  },
  // Spec: 40% off all plans plus an additional 40% off yearly plans.
  { code: PROMOTIONS.backToSchool.code, sale: 'backToSchool', percentOff: 40, yearlyExtraPercentOff: 40, endsAt: null },
];

/** The code as typed ("  back2school40 ") in its canonical form, or the known code it names. */
export function findPromoCode(typed: string): PromoCode | null {
  const norm = typed.trim().toUpperCase();
  return PROMO_CODES.find((p) => p.code === norm) ?? null;
}

/** The fraction of the price that remains with the code on this period (0.36 for 40% then 40% more). */
export function promoFactor(p: PromoCode, period: BillingPeriod): number {
  const first = 1 - p.percentOff / 100;
  return period === 'yearly' ? first * (1 - p.yearlyExtraPercentOff / 100) : first;
}

/** A price in dollars after the code, rounded to the cent. */
export function discountedPrice(price: number, p: PromoCode, period: BillingPeriod): number {
  return Math.round(price * promoFactor(p, period) * 100) / 100;
}

/** "40% off" or "64% off" (both discounts together on yearly plans). */
export function promoPercentLabel(p: PromoCode, period: BillingPeriod): string {
  return `${Math.round((1 - promoFactor(p, period)) * 100)}% off`;
}

/** GET /api/promotions: the codes this user has redeemed (a checkout with the code completed). */
export interface PromotionsState {
  redeemed: string[];
  /**
   * The back-to-school offer's window for this account, kept on the server (null until it is first shown):
   * the countdown runs to `endsAt` in every browser, and the code is refused after it.
   */
  backToSchool: { startedAt: string; endsAt: string } | null;
}

const dollars = (v: number) => `$${v.toFixed(2)}`;

/**
 * How a code's price is said everywhere (pricing, checkout, the billing portal, the profile): a code takes
 * its percentage off the first payment only, and the plan renews at its full price (decision 0027).
 * "$11.99 for the first month, then $19.99 a month" / "$… for the first year, then $… a year".
 */
export function promoPriceTerms(
  fullPeriodPrice: number,
  p: PromoCode,
  period: BillingPeriod,
): { first: number; then: number; text: string } {
  const first = discountedPrice(fullPeriodPrice, p, period);
  const unit = period === 'yearly' ? 'year' : 'month';
  return {
    first,
    then: fullPeriodPrice,
    text: `${dollars(first)} for the first ${unit}, then ${dollars(fullPeriodPrice)} a ${unit}`,
  };
}
