import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { isLoopback } from './dev.routes';

describe('the local outbox', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off', ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(async () => t.close());

  it('knows loopback addresses', () => {
    for (const ip of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '192.168.1.9', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1'])
      expect(isLoopback(ip), ip).toBe(false);
  });

  it('opens to the machine itself and to an administrator, and to nobody else', async () => {
    const member = await t.newUser();
    const admin = await t.newUser('boss@example.com');
    for (const path of ['/api/dev/mailbox', '/dev/mailbox']) {
      expect((await t.req(path, { ip: '127.0.0.1' })).status, path).toBe(200);
      const stranger = await t.req(path, { ip: '203.0.113.9' });
      expect(stranger.status, path).toBe(403);
      expect(await stranger.text()).toMatch(/only on the machine the server runs on/);
      expect((await t.req(path, { ip: '203.0.113.9', cookie: member.cookie })).status, path).toBe(403);
      expect((await t.req(path, { ip: '203.0.113.9', cookie: admin.cookie })).status, path).toBe(200);
    }
  });
});
