/**
 * GET /robots.txt and GET /sitemap.xml for search engines, from the shared route list: the sitemap lists
 * the public pages (absolute addresses on BASE_URL); robots.txt keeps crawlers out of the API, the
 * development and payment endpoints and the tool pages, and names the sitemap.
 */
import { APP_ROUTES } from '@plainspoken/shared';
import { createRouter } from '../../lib/context';

const DISALLOWED_PREFIXES = ['/api/', '/dev/', '/billing/', '/sandbox/'];

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function robotsTxt(baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  const disallow = [...DISALLOWED_PREFIXES, ...APP_ROUTES.filter((r) => r.private).map((r) => r.path)];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  const urls = APP_ROUTES.filter((r) => r.sitemap).map((r) => `  <url><loc>${xmlEscape(origin + r.path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export const seoRoutes = createRouter()
  .get('/robots.txt', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.text(robotsTxt(c.var.deps.env.BASE_URL));
  })
  .get('/sitemap.xml', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.body(sitemapXml(c.var.deps.env.BASE_URL), 200, { 'content-type': 'application/xml; charset=utf-8' });
  });
