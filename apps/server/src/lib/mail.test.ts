import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestProduct, type TestProduct } from '../test/harness';
import { listOutbox } from './mail';

interface Received {
  to: string[];
  raw: string;
}

describe('mail over a real SMTP server', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestProduct;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (d: string) => (raw += d));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestProduct({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('delivers the confirmation mail by SMTP and keeps nothing in the outbox', async () => {
    const email = 'smtp-user@example.com';
    expect((await t.signUp(email)).status).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeTruthy();
    expect(mail!.raw).toMatch(/Subject: Confirm your Plainspoken account/);
    const unfolded = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = unfolded.match(/http:\/\/localhost:3999\/api\/auth\/verify-email\?token=[^\s"<]+/)?.[0];
    expect(link).toBeTruthy();
    expect(await listOutbox(t.deps.db)).toHaveLength(0);
    const u = new URL(link!);
    const res = await t.req(u.pathname + u.search);
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=/);
  });
});
