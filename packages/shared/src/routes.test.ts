import { describe, expect, it } from 'vitest';
import { APP_ROUTES, matchAppRoute } from './routes';

describe('the route list', () => {
  it('matches paths as the router does: exact, any case, with or without a trailing slash', () => {
    expect(matchAppRoute('/')?.id).toBe('home');
    expect(matchAppRoute('/pricing')?.id).toBe('pricing');
    expect(matchAppRoute('/Pricing/')?.id).toBe('pricing');
    expect(matchAppRoute('/pricing/extra')).toBeNull();
    expect(matchAppRoute('/pricingx')).toBeNull();
    expect(matchAppRoute('/no-such-page')).toBeNull();
  });

  it('has unique ids and paths, a title and description for every page, and no private page in the sitemap', () => {
    expect(new Set(APP_ROUTES.map((r) => r.id)).size).toBe(APP_ROUTES.length);
    expect(new Set(APP_ROUTES.map((r) => r.path)).size).toBe(APP_ROUTES.length);
    for (const r of APP_ROUTES) {
      expect(r.title, r.id).toMatch(/Plainspoken/);
      expect(r.description.length, r.id).toBeGreaterThan(30);
      expect(r.sitemap && r.private, r.id).toBeFalsy();
    }
  });
});
