/**
 * Google sign-in as standard OpenID Connect: the endpoints come from the issuer's discovery document
 * (GOOGLE_OIDC_ISSUER, https://accounts.google.com by default; tests point it at a local fake), the code
 * is exchanged at its token endpoint, the id_token's RS256 signature is checked against its JWKS and its
 * issuer, audience, expiry (and nonce, when one was sent) are checked, and the profile is read from its
 * userinfo endpoint. better-auth's Google provider keeps everything else (state, PKCE, the callback,
 * accounts); only where it talks to Google is replaced here.
 */
import { createPublicKey, verify as verifySignature, type JsonWebKey } from 'node:crypto';
import type { Logger } from '../../lib/logger';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint: string;
}

interface Tokens {
  tokenType?: string;
  accessToken?: string;
  refreshToken?: string;
  accessTokenExpiresAt?: Date;
  scopes?: string[];
  idToken?: string;
}

export interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  logger: Logger;
}

/** id_tokens older than this are refused, as better-auth's Google provider does. */
const MAX_TOKEN_AGE_S = 60 * 60;
const CLOCK_SKEW_S = 60;

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

const b64url = (s: string) => Buffer.from(s, 'base64url');

export function createOidcClient(opts: OidcOptions) {
  let discovery: Promise<Discovery> | null = null;
  const discover = () => {
    discovery ??= getJson<Discovery>(`${opts.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`).catch(
      (e: unknown) => {
        discovery = null; // try again on the next sign-in
        throw e;
      },
    );
    return discovery;
  };
  let keys: { at: number; keys: (JsonWebKey & { kid?: string })[] } | null = null;
  const jwk = async (kid: string | undefined) => {
    const d = await discover();
    for (const fresh of [false, true]) {
      if (fresh || !keys || Date.now() - keys.at > 5 * 60_000)
        keys = {
          at: Date.now(),
          keys: (await getJson<{ keys: (JsonWebKey & { kid?: string })[] }>(d.jwks_uri)).keys ?? [],
        };
      const k = keys.keys.find((x) => x.kid === kid);
      if (k) return k;
    }
    throw new Error(`no signing key ${kid ?? '(none)'} at ${d.jwks_uri}`);
  };

  /** The verified claims of an id_token, or an error saying why it is refused. */
  async function verifyIdToken(token: string, nonce?: string): Promise<Record<string, unknown>> {
    const [h, p, s] = token.split('.');
    if (!h || !p || !s) throw new Error('id_token is not a JWT');
    const header = JSON.parse(b64url(h).toString('utf8')) as { alg?: string; kid?: string };
    if (header.alg !== 'RS256') throw new Error(`id_token algorithm ${header.alg ?? '(none)'} is not RS256`);
    const key = createPublicKey({ key: await jwk(header.kid), format: 'jwk' });
    if (!verifySignature('RSA-SHA256', Buffer.from(`${h}.${p}`), key, b64url(s)))
      throw new Error('id_token signature does not verify');
    const claims = JSON.parse(b64url(p).toString('utf8')) as Record<string, unknown>;
    const d = await discover();
    const issuers = d.issuer === 'https://accounts.google.com' ? [d.issuer, 'accounts.google.com'] : [d.issuer];
    if (!issuers.includes(String(claims.iss)))
      throw new Error(`id_token issuer ${String(claims.iss)} is not ${d.issuer}`);
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!aud.includes(opts.clientId)) throw new Error('id_token is for another client');
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number' || claims.exp < now - CLOCK_SKEW_S) throw new Error('id_token has expired');
    if (typeof claims.iat !== 'number' || claims.iat > now + CLOCK_SKEW_S || claims.iat < now - MAX_TOKEN_AGE_S)
      throw new Error('id_token issue time is out of range');
    if (nonce && claims.nonce !== nonce) throw new Error('id_token nonce does not match');
    if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('id_token has no subject');
    return claims;
  }

  return {
    discover,
    async authorizationUrl(builtForGoogle: URL): Promise<URL> {
      const d = await discover();
      const url = new URL(d.authorization_endpoint);
      for (const [k, v] of builtForGoogle.searchParams) url.searchParams.set(k, v);
      return url;
    },
    async exchangeCode(input: { code: string; codeVerifier?: string; redirectURI: string }): Promise<Tokens> {
      const d = await discover();
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectURI,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
      });
      if (input.codeVerifier) body.set('code_verifier', input.codeVerifier);
      const t = await getJson<{
        access_token?: string;
        refresh_token?: string;
        id_token?: string;
        token_type?: string;
        expires_in?: number;
        scope?: string;
      }>(d.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      });
      return {
        tokenType: t.token_type,
        accessToken: t.access_token,
        refreshToken: t.refresh_token,
        accessTokenExpiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : undefined,
        scopes: t.scope ? t.scope.split(' ') : [],
        idToken: t.id_token,
      };
    },
    async userInfo(tokens: Tokens & { expectedIdTokenNonce?: string }) {
      if (!tokens.idToken) throw new Error('the token endpoint sent no id_token');
      const claims = await verifyIdToken(tokens.idToken, tokens.expectedIdTokenNonce);
      const d = await discover();
      const profile = tokens.accessToken
        ? await getJson<Record<string, unknown>>(d.userinfo_endpoint, {
            headers: { authorization: `Bearer ${tokens.accessToken}` },
          })
        : {};
      // The userinfo answer must describe the same person the signed id_token names.
      if (profile.sub !== undefined && profile.sub !== claims.sub)
        throw new Error('userinfo subject differs from the id_token');
      const data = { ...profile, ...claims };
      return {
        user: {
          id: String(claims.sub),
          name: typeof data.name === 'string' ? data.name : '',
          email: typeof data.email === 'string' ? data.email : undefined,
          image: typeof data.picture === 'string' ? data.picture : undefined,
          emailVerified: data.email_verified === true || data.email_verified === 'true',
        },
        data,
      };
    },
  };
}

type ProviderLike = {
  id: string;
  createAuthorizationURL: (...a: never[]) => Promise<URL>;
  validateAuthorizationCode: (...a: never[]) => Promise<unknown>;
  getUserInfo: (...a: never[]) => Promise<unknown>;
};

/** Points the configured Google provider at the discovered endpoints (before the first request runs). */
export function withOidcEndpoints(auth: { $context: Promise<unknown> }, opts: OidcOptions): void {
  const client = createOidcClient(opts);
  void auth.$context.then((ctx) => {
    const providers = (ctx as { socialProviders: ProviderLike[] }).socialProviders;
    const google = providers.find((p) => p.id === 'google');
    if (!google) return;
    const build = google.createAuthorizationURL.bind(google) as (a: unknown) => Promise<URL>;
    Object.assign(google, {
      createAuthorizationURL: async (a: unknown) => client.authorizationUrl(await build(a)),
      validateAuthorizationCode: (a: { code: string; codeVerifier?: string; redirectURI: string }) =>
        client.exchangeCode(a),
      getUserInfo: async (tokens: Tokens & { expectedIdTokenNonce?: string }) => {
        try {
          return await client.userInfo(tokens);
        } catch (e) {
          opts.logger.warn('google sign-in refused', { error: (e as Error).message });
          return null;
        }
      },
    });
  });
}
