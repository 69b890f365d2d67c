/**
 * Configuration: the only module that reads process.env. Validated once at start; a bad or missing
 * value stops the server with a readable list. Every variable here is documented in docs/configuration.md
 * (env.docs.test.ts checks it).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { BILLING_PERIODS, PAID_TIERS, type BillingPeriod, type PaidTier } from '@plainspoken/shared';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean),
);
export type PlanKey = `${PaidTier}:${BillingPeriod}`;
export const PLAN_KEYS: readonly PlanKey[] = PAID_TIERS.flatMap((t) =>
  BILLING_PERIODS.map((p) => `${t}:${p}` as const),
);

/** PADDLE_DISCOUNT_IDS: one Paddle discount id per promotion code. */
const discountIds = z.string().transform((s, ctx) => {
  const out: Record<string, string> = {};
  for (const part of s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z0-9]+)=(\S+)$/.exec(part);
    if (!m?.[1] || !m[2]) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not CODE=discount_id` });
      continue;
    }
    out[m[1].toUpperCase()] = m[2];
  }
  return out;
});

/** PADDLE_PRICE_IDS: one Paddle price per plan and period, e.g. `Basic:monthly=pri_01..,Basic:yearly=pri_01..`. */
const priceIds = z.string().transform((s, ctx) => {
  const out: Partial<Record<PlanKey, string>> = {};
  for (const part of s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z]+):([a-z]+)=(\S+)$/.exec(part);
    const key = m ? (`${m[1]}:${m[2]}` as PlanKey) : null;
    if (!m || !key || !PLAN_KEYS.includes(key)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${part}" is not Tier:period=price_id (tiers ${PAID_TIERS.join('/')}, periods ${BILLING_PERIODS.join('/')})`,
      });
      continue;
    }
    if (out[key]) ctx.addIssue({ code: 'custom', message: `${key} is listed twice` });
    out[key] = m[3];
  }
  return out;
});

const DEV_SECRET = 'plainspoken-development-secret-not-for-production-use';
/** The sandbox's development signing secret: it is in this repository, so anyone could sign events with it. */
const PUBLIC_SANDBOX_SECRET = 'plainspoken-sandbox-webhook-secret';
/**
 * Secrets anyone can read (this repository's defaults, and the placeholders its docs and examples show):
 * a server reachable from another machine refuses to start with one of them.
 */
export const KNOWN_SECRETS: readonly string[] = [
  DEV_SECRET,
  PUBLIC_SANDBOX_SECRET,
  'change-me-to-32-or-more-random-characters',
  'replace-with-32-or-more-random-characters',
];

/** A secret as compared with the known ones: Unicode-normalized, trimmed, case-folded, inner blanks dropped. */
const secretKey = (s: string): string =>
  s
    .normalize('NFKC')
    .replace(/[\s\p{Default_Ignorable_Code_Point}]+/gu, '')
    .toLowerCase();
const KNOWN_SECRET_KEYS = new Set(KNOWN_SECRETS.map(secretKey));

/**
 * True when `secret` is one of KNOWN_SECRETS or a near-copy of one (other case, blanks around or inside,
 * invisible characters): whoever can read this repository can guess it.
 */
export function isPublicSecret(secret: string): boolean {
  return KNOWN_SECRET_KEYS.has(secretKey(secret));
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped), localhost and *.localhost: reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return h === '::1' || h === '0:0:0:0:0:0:0:1';
}

/** TRUSTED_PROXIES: CIDRs or addresses; `loopback` (the default) is 127.0.0.0/8 and ::1, `none` trusts no proxy. */
const LOOPBACK_CIDRS = ['127.0.0.0/8', '::1/128'];
const cidrList = z.string().transform((s, ctx) => {
  const out: string[] = [];
  for (const part of s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean)) {
    if (part === 'none') continue;
    if (part === 'loopback') {
      out.push(...LOOPBACK_CIDRS);
      continue;
    }
    const [addr = '', bits, extra] = part.split('/');
    const family = isIP(addr);
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not an IP address or CIDR (e.g. 10.0.0.0/8, fd00::/8)` });
      continue;
    }
    out.push(part);
  }
  return out;
});

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Default: 0.0.0.0, or 127.0.0.1 while a known default secret is in use (see loadEnv). */
    HOST: z.string().optional(),
    BASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    /** Proxies whose X-Forwarded-For entry is believed (lib/http.ts clientIp); loopback by default. */
    TRUSTED_PROXIES: cidrList.default(LOOPBACK_CIDRS),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Plainspoken <no-reply@plainspoken.local>'),
    CONTACT_EMAIL: z.string().email().default('support@plainspoken.app'),
    ADMIN_EMAILS: csv.default([]),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** The OpenID Connect issuer Google sign-in discovers its endpoints from (tests point it at a local fake). */
    GOOGLE_OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
    PADDLE_API_KEY: z.string().optional(),
    PADDLE_WEBHOOK_SECRET: z.string().optional(),
    PADDLE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    PADDLE_PRICE_IDS: priceIds.optional(),
    /** Paddle discount per promotion code, e.g. `SUMMEROFF50=dsc_01..,BACK2SCHOOL40=dsc_01..`; a code without one is refused at checkout. */
    PADDLE_DISCOUNT_IDS: discountIds.optional(),
    /** Client-side token for Paddle.js on the page Paddle's default payment link points to (/billing/checkout). */
    PADDLE_CLIENT_TOKEN: z.string().optional(),
    /** Overrides the API origin PADDLE_ENVIRONMENT picks (a local fake in tests, a proxy). */
    PADDLE_API_BASE_URL: z.string().url().optional(),
    SANDBOX_WEBHOOK_SECRET: z.string().default(PUBLIC_SANDBOX_SECRET),
    /** The sandbox grants paid plans without payment; production refuses it unless this is set (demos). */
    ALLOW_SANDBOX_PAYMENTS: bool.default(false),
    HUMANIZER_LLM_BASE_URL: z.string().url().optional(),
    HUMANIZER_LLM_API_KEY: z.string().optional(),
    HUMANIZER_LLM_MODEL: z.string().optional(),
    HUMANIZER_LLM_MODEL_DEEP: z.string().optional(),
    HUMANIZER_LLM_MODEL_LIGHTNING: z.string().optional(),
    /** Without HUMANIZER_LLM_BASE_URL, an Ollama server here is used when it answers; 'off' never looks. */
    OLLAMA_HOST: z
      .string()
      .optional()
      .transform((s, ctx) => {
        if (s === undefined) return undefined;
        if (s.trim() === 'off') return 'off';
        // Ollama's own convention allows host:port without a scheme.
        const v = (/^https?:\/\//i.test(s.trim()) ? s.trim() : `http://${s.trim()}`).replace(/\/+$/, '');
        if (!URL.canParse(v)) {
          ctx.addIssue({ code: 'custom', message: `"${s}" is not a URL or host:port (or "off")` });
          return z.NEVER;
        }
        return v;
      }),
    /** Seconds between checks of the model provider (Ollama's presence, or the configured service). */
    OLLAMA_PROBE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * The second opinion: at most this many extra model calls per rewrite asking whether the rewritten sentences
     * state a fact differently, those the faithfulness check doubts first (it may only reject). 0 = off. Unset:
     * Deep 3 calls, Lightning none (decision 0066); set, the same in both modes.
     */
    HUMANIZER_SECOND_OPINION_CALLS: z.coerce.number().int().min(0).max(6).optional(),
    /** USD per million prompt / completion tokens, for the engine page's cost per 1,000 words. */
    HUMANIZER_LLM_PRICE_IN: z.coerce.number().min(0).max(10_000).default(0),
    HUMANIZER_LLM_PRICE_OUT: z.coerce.number().min(0).max(10_000).default(0),
    ENGINE_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
    ENGINE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(64),
    ENGINE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
    /** A server process that has not beaten for this long is dead: its unanswered claims are taken over. */
    INSTANCE_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(10_000_000)
      .default(256 * 1024),
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    AUTH_RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
    POSTHOG_KEY: z.string().optional(),
    POSTHOG_HOST: z.string().url().optional(),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** json: one JSON object per line (the default in production); text: readable lines (the default otherwise). */
    LOG_FORMAT: z.enum(['json', 'text']).optional(),
    /** Longest wait for in-flight requests on SIGTERM before the remaining connections are closed. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
    /** The longest a client may take to send a whole request (headers and body); a stalled body gets 408. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
    /** The longest a client may take to send its request headers. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(5_000),
    /** Outside AI detectors: each key turns one on; the base URL overrides the vendor's (tests, proxies). */
    GPTZERO_API_KEY: z.string().min(1).optional(),
    GPTZERO_BASE_URL: z.string().url().default('https://api.gptzero.me'),
    SAPLING_API_KEY: z.string().min(1).optional(),
    SAPLING_BASE_URL: z.string().url().default('https://api.sapling.ai'),
    ORIGINALITY_API_KEY: z.string().min(1).optional(),
    ORIGINALITY_BASE_URL: z.string().url().default('https://api.originality.ai'),
    WINSTON_API_KEY: z.string().min(1).optional(),
    WINSTON_BASE_URL: z.string().url().default('https://api.gowinston.ai'),
    /** The longest wait for one outside detector's answer; after it the detector shows as unavailable. */
    OUTSIDE_DETECTOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /** USD per call of each outside detector, for the engine page, e.g. `gptzero=0.01,winston=0.004`. */
    OUTSIDE_DETECTOR_PRICES: z
      .string()
      .default('')
      .transform((s, ctx) => {
        const out: Record<string, number> = {};
        for (const part of s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)) {
          const [id = '', v = ''] = part.split('=').map((x) => x.trim());
          const n = Number(v);
          if (!['gptzero', 'sapling', 'originality', 'winston'].includes(id) || !v || !Number.isFinite(n) || n < 0) {
            ctx.addIssue({
              code: 'custom',
              message: `"${part}" is not detector=USD (gptzero, sapling, originality, winston)`,
            });
            continue;
          }
          out[id] = n;
        }
        return out;
      }),
  })
  .superRefine((e, ctx) => {
    // Half a Paddle configuration would silently fall back to the sandbox: refuse it in every mode.
    if (!e.PADDLE_API_KEY) return;
    if (!e.PADDLE_WEBHOOK_SECRET)
      ctx.addIssue({ code: 'custom', path: ['PADDLE_WEBHOOK_SECRET'], message: 'required when PADDLE_API_KEY is set' });
    if (!e.PADDLE_CLIENT_TOKEN)
      ctx.addIssue({
        code: 'custom',
        path: ['PADDLE_CLIENT_TOKEN'],
        message: 'required when PADDLE_API_KEY is set (Paddle.js opens the checkout)',
      });
    const missing = PLAN_KEYS.filter((k) => !e.PADDLE_PRICE_IDS?.[k]);
    if (missing.length)
      ctx.addIssue({
        code: 'custom',
        path: ['PADDLE_PRICE_IDS'],
        message: `needs a price id for ${missing.join(', ')} when PADDLE_API_KEY is set`,
      });
  })
  .superRefine((e, ctx) => {
    if (e.NODE_ENV !== 'production') return;
    if (isPublicSecret(e.BETTER_AUTH_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'required in production (32+ random characters)',
      });
    if (!e.BASE_URL)
      ctx.addIssue({ code: 'custom', path: ['BASE_URL'], message: 'required in production (the public origin)' });
    if (!e.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'required in production (the local outbox is for development)',
      });
    if (e.RATE_LIMITS === 'off')
      ctx.addIssue({ code: 'custom', path: ['RATE_LIMITS'], message: 'cannot be off in production' });
    if (!e.PADDLE_API_KEY && !e.ALLOW_SANDBOX_PAYMENTS)
      ctx.addIssue({
        code: 'custom',
        path: ['PADDLE_API_KEY'],
        message:
          'required in production: the local payment sandbox grants paid plans without payment (set ALLOW_SANDBOX_PAYMENTS=true only for a demo)',
      });
    if (
      !e.PADDLE_API_KEY &&
      e.ALLOW_SANDBOX_PAYMENTS &&
      (isPublicSecret(e.SANDBOX_WEBHOOK_SECRET) || e.SANDBOX_WEBHOOK_SECRET.length < 32)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_WEBHOOK_SECRET'],
        message:
          'required in production with the sandbox (32+ random characters): the default is public, so anyone could sign payment events with it',
      });
  });

export type Env = Omit<z.infer<typeof schema>, 'OLLAMA_HOST' | 'HOST'> & {
  BASE_URL: string;
  /**
   * BETTER_AUTH_SECRET is public (or a near-copy of a public one): email links (verification, sign-in
   * link, password reset) are then honoured only from loopback clients, even behind a same-host proxy.
   */
  AUTH_SECRET_PUBLIC: boolean;
  OLLAMA_HOST: string;
  HOST: string;
};

export class ConfigError extends Error {}

/** Parses an environment (process.env by default); throws ConfigError listing every problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const r = schema.safeParse(cleaned);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = r.data;
  const BASE_URL = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // A secret anyone can read signs sessions, email links and sandbox payments: a server others can reach
  // must have its own, whatever NODE_ENV says. With one in use the default listen address is loopback.
  const publicSecrets = [
    isPublicSecret(e.BETTER_AUTH_SECRET) ? 'BETTER_AUTH_SECRET' : null,
    !e.PADDLE_API_KEY && isPublicSecret(e.SANDBOX_WEBHOOK_SECRET) ? 'SANDBOX_WEBHOOK_SECRET' : null,
  ].filter((x): x is string => x !== null);
  const HOST = e.HOST ?? (publicSecrets.length ? '127.0.0.1' : '0.0.0.0');
  const exposed = [
    isLoopbackHost(HOST) ? null : `HOST=${HOST}`,
    isLoopbackHost(new URL(BASE_URL).hostname) ? null : `BASE_URL=${BASE_URL}`,
  ].filter((x): x is string => x !== null);
  if (publicSecrets.length && exposed.length) {
    const lines = publicSecrets.map(
      (name) =>
        `  - ${name}: is a public default value, and ${exposed.join(' and ')} is reachable from other machines. Set ${name} to 32+ random characters (e.g. openssl rand -base64 48), or serve only on loopback (HOST=127.0.0.1 and a localhost BASE_URL).`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...e,
    HOST,
    BASE_URL,
    AUTH_SECRET_PUBLIC: isPublicSecret(e.BETTER_AUTH_SECRET),
    // Tests never look for whatever Ollama the machine runs unless they point OLLAMA_HOST at their own.
    OLLAMA_HOST: e.OLLAMA_HOST ?? (e.NODE_ENV === 'test' ? 'off' : 'http://127.0.0.1:11434'),
  };
}
