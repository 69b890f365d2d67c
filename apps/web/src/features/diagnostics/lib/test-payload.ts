import { DEFAULT_TEST_VARIANT_ID, TEST_PLAN_VARIANTS } from '@plainspoken/shared';

/**
 * The diagnostics page's test event: a subscription_created event in the shape of spec section 7
 * (meta.event_name, data.type, id, attributes). The payment webhook applies it only for an admin.
 */
export function buildTestPayload(email: string, variantId: number = DEFAULT_TEST_VARIANT_ID, now: Date = new Date()) {
  const variant =
    TEST_PLAN_VARIANTS.find((v) => v.id === variantId) ??
    TEST_PLAN_VARIANTS.find((v) => v.id === DEFAULT_TEST_VARIANT_ID);
  const created = now.toISOString();
  const ends = new Date(now);
  if (variant?.period === 'yearly') ends.setUTCFullYear(ends.getUTCFullYear() + 1);
  else ends.setUTCMonth(ends.getUTCMonth() + 1);
  const id = `test_${now.getTime()}`;
  return {
    meta: { event_name: 'subscription_created', test_mode: true },
    data: {
      type: 'subscriptions',
      id,
      attributes: {
        status: 'active',
        customer_id: `test_customer_${now.getTime()}`,
        product_id: `test_product_${variant?.tier.toLowerCase() ?? 'pro'}`,
        variant_id: variant?.id ?? DEFAULT_TEST_VARIANT_ID,
        variant_name: variant?.name ?? '',
        user_email: email,
        user_name: email.split('@')[0] ?? email,
        created_at: created,
        updated_at: created,
        ends_at: null,
        renews_at: ends.toISOString(),
        urls: { update_payment_method: null, customer_portal: null },
      },
    },
  };
}

export function formatPayload(email: string, variantId: number, now?: Date): string {
  return JSON.stringify(buildTestPayload(email, variantId, now), null, 2);
}
