import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

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
});
