import { describe, expect, it } from 'vitest';
import { buildTestPayload } from './test-payload';

describe('buildTestPayload', () => {
  it('builds the subscription_created event for the chosen variant', () => {
    const now = new Date('2026-01-31T10:00:00Z');
    const p = buildTestPayload('a@example.com', 905795, now);
    expect(p.meta.event_name).toBe('subscription_created');
    expect(p.data).toMatchObject({ type: 'subscriptions', id: `test_${now.getTime()}` });
    expect(p.data.attributes).toMatchObject({
      variant_id: 905795,
      user_email: 'a@example.com',
      user_name: 'a',
      created_at: now.toISOString(),
      ends_at: null,
    });
    expect(p.data.attributes.renews_at).toBe('2027-01-31T10:00:00.000Z');
  });
  it('falls back to the default variant for an unknown id', () => {
    expect(buildTestPayload('a@example.com', 1).data.attributes.variant_id).toBe(905802);
  });
});
