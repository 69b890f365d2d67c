import { describe, expect, it } from 'vitest';
import { ConfigError, KNOWN_SECRETS, isPublicSecret, loadEnv } from './env';

describe('configuration', () => {
  it('starts on embedded defaults with nothing set', () => {
    const e = loadEnv({});
    expect(e).toMatchObject({
      PORT: 3000,
      BASE_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      NODE_ENV: 'development',
      RATE_LIMITS: 'on',
    });
    expect(e.DATABASE_URL).toBeUndefined();
  });

  it('lists every problem at once', () => {
    try {
      loadEnv({ PORT: 'eighty', SMTP_URL: 'not a url', ENGINE_TIMEOUT_MS: '5' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const m = (e as Error).message;
      expect(m).toMatch(/PORT/);
      expect(m).toMatch(/SMTP_URL/);
      expect(m).toMatch(/ENGINE_TIMEOUT_MS/);
    }
  });

  it('refuses production without its secrets', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /BETTER_AUTH_SECRET[\s\S]*BASE_URL[\s\S]*SMTP_URL[\s\S]*PADDLE_API_KEY/,
    );
    const demo = {
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(40),
      BASE_URL: 'https://plainspoken.example',
      SMTP_URL: 'smtp://mail.example:25',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    };
    // The sandbox's default signing secret is public: production refuses it even when the sandbox is allowed.
    expect(() => loadEnv(demo)).toThrow(/SANDBOX_WEBHOOK_SECRET/);
    expect(() => loadEnv({ ...demo, SANDBOX_WEBHOOK_SECRET: 'short' })).toThrow(/SANDBOX_WEBHOOK_SECRET/);
    const ok = loadEnv({ ...demo, SANDBOX_WEBHOOK_SECRET: 'y'.repeat(40) });
    expect(ok.BASE_URL).toBe('https://plainspoken.example');
  });

  it('refuses a public default secret on a server other machines can reach, whatever NODE_ENV says', () => {
    const mySecret = 'k'.repeat(40);
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const base = NODE_ENV ? { NODE_ENV } : {};
      // Loopback on both sides: the defaults are fine, and the default listen address becomes loopback.
      expect(loadEnv(base).HOST).toBe('127.0.0.1');
      expect(loadEnv({ ...base, HOST: '::1', BASE_URL: 'http://127.0.0.1:3000' }).HOST).toBe('::1');
      for (const exposed of [
        { HOST: '0.0.0.0' },
        { BASE_URL: 'https://plainspoken.example' },
        { HOST: '10.0.0.5', BASE_URL: 'http://10.0.0.5:3000' },
      ]) {
        expect(() => loadEnv({ ...base, ...exposed }), JSON.stringify(exposed)).toThrow(
          /BETTER_AUTH_SECRET: is a public default value/,
        );
        // The auth secret set, the sandbox's public signing secret is named next.
        expect(() => loadEnv({ ...base, ...exposed, BETTER_AUTH_SECRET: mySecret })).toThrow(
          /SANDBOX_WEBHOOK_SECRET: is a public default value/,
        );
        const ok = loadEnv({
          ...base,
          ...exposed,
          BETTER_AUTH_SECRET: mySecret,
          SANDBOX_WEBHOOK_SECRET: 'w'.repeat(40),
        });
        expect(ok.BETTER_AUTH_SECRET).toBe(mySecret);
      }
    }
    // With its own secrets a server listens on every interface by default.
    expect(loadEnv({ BETTER_AUTH_SECRET: mySecret, SANDBOX_WEBHOOK_SECRET: 'w'.repeat(40) }).HOST).toBe('0.0.0.0');
    expect(() => loadEnv({ HOST: '0.0.0.0', BETTER_AUTH_SECRET: KNOWN_SECRETS[2] })).toThrow(ConfigError);
  });

  it('treats a near-copy of a public secret (blanks, case, invisible characters) as public', () => {
    const dev = KNOWN_SECRETS[0]!;
    for (const near of [
      `${dev} `,
      ` ${dev}`,
      `${dev}\n`,
      dev.toUpperCase(),
      `${dev}\u200b`,
      `Plainspoken-${dev.slice(12)}`,
    ]) {
      expect(isPublicSecret(near), JSON.stringify(near)).toBe(true);
      expect(() => loadEnv({ HOST: '0.0.0.0', BETTER_AUTH_SECRET: near }), JSON.stringify(near)).toThrow(
        /BETTER_AUTH_SECRET: is a public default value/,
      );
      expect(loadEnv({ BETTER_AUTH_SECRET: near }).AUTH_SECRET_PUBLIC).toBe(true);
      expect(() => loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: near })).toThrow(/BETTER_AUTH_SECRET/);
    }
    const sandbox = KNOWN_SECRETS[1]!;
    expect(() =>
      loadEnv({
        HOST: '0.0.0.0',
        BETTER_AUTH_SECRET: 'k'.repeat(40),
        SANDBOX_WEBHOOK_SECRET: ` ${sandbox.toUpperCase()}`,
      }),
    ).toThrow(/SANDBOX_WEBHOOK_SECRET: is a public default value/);
    expect(isPublicSecret('k'.repeat(40))).toBe(false);
    expect(loadEnv({ BETTER_AUTH_SECRET: 'k'.repeat(40) }).AUTH_SECRET_PUBLIC).toBe(false);
  });

  it('reads TRUSTED_PROXIES as CIDRs, loopback by default', () => {
    expect(loadEnv({}).TRUSTED_PROXIES).toEqual(['127.0.0.0/8', '::1/128']);
    expect(loadEnv({ TRUSTED_PROXIES: 'none' }).TRUSTED_PROXIES).toEqual([]);
    expect(loadEnv({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,fd00::/8, 192.0.2.1' }).TRUSTED_PROXIES).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.1',
    ]);
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/8/1', '::/129'])
      expect(() => loadEnv({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
  });
});
