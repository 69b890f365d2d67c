import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../../test/harness';
import type { Logger } from '../../lib/logger';
import { isLoopback } from './dev.routes';

describe('the local outbox', () => {
  let t: TestProduct;
  const kept: string[] = [];
  let adminCookie = '';
  const logger: Logger = {
    debug: () => {},
    info: (msg) => void kept.push(msg),
    warn: () => {},
    error: () => {},
  };
  beforeAll(async () => {
    t = await createTestProduct({
      env: { NODE_ENV: 'development', RATE_LIMITS: 'off', ADMIN_EMAILS: 'boss@example.com' },
      logger,
    });
  });
  afterAll(async () => t.close());

  it('knows loopback addresses', () => {
    for (const ip of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '192.168.1.9', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1'])
      expect(isLoopback(ip), ip).toBe(false);
  });

  it('in development opens to a signed-in administrator only, never by address', async () => {
    const member = await t.newUser();
    const admin = await t.newUser('boss@example.com');
    adminCookie = admin.cookie;
    for (const path of ['/api/dev/mailbox', '/dev/mailbox']) {
      for (const ip of ['127.0.0.1', '::1', '127.0.0.1, 203.0.113.9', '203.0.113.9']) {
        const r = await t.req(path, { ip });
        expect(r.status, `${path} from ${ip}`).toBe(403);
        expect(await r.text()).toMatch(/signed-in administrator/);
      }
      expect((await t.req(path, { ip: '127.0.0.1', cookie: member.cookie })).status, path).toBe(403);
      expect((await t.req(path, { ip: '203.0.113.9', cookie: admin.cookie })).status, path).toBe(200);
    }
    // The operator reads the links in the server's output instead.
    expect(kept.some((m) => m.startsWith('Mail kept in the local outbox for boss@example.com'))).toBe(true);
  });

  it("opens a mail's links (Confirm my email) in the top window, not inside the preview frame", async () => {
    await t.newUser(); // a confirmation mail in the outbox
    const page = await (await t.req('/dev/mailbox', { ip: '203.0.113.9', cookie: adminCookie })).text();
    const frames = [...page.matchAll(/<iframe[^>]*srcdoc="([^"]*)"/g)].map((m) => m[1]!);
    expect(frames.length).toBeGreaterThan(0);
    for (const doc of frames) expect(doc.startsWith('&lt;base target=&quot;_top&quot; /&gt;')).toBe(true);
    expect(page).toContain('allow-top-navigation-by-user-activation');
  });
});
