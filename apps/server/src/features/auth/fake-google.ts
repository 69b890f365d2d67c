/**
 * A local OpenID Connect provider standing in for Google in tests, over real HTTP: discovery, an
 * authorization endpoint that "consents" for the configured person and redirects back with a code, a
 * token endpoint that checks the client's secret, the redirect URI and the PKCE verifier before it
 * issues an access token and an RS256 id_token, a JWKS endpoint and a userinfo endpoint.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

interface Grant {
  person: FakePerson;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  nonce: string | null;
}

export interface FakeGoogle {
  issuer: string;
  /** Who consents at the authorization endpoint next. */
  person: FakePerson;
  /** Signs the next id_tokens with a key the JWKS does not publish. */
  rogueKey: boolean;
  /** Requests the fake received, by endpoint. */
  hits: Record<string, number>;
  close(): Promise<void>;
}

const b64 = (v: Buffer | string) => Buffer.from(v).toString('base64url');

function sign(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const head = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = b64(JSON.stringify(payload));
  const s = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key);
  return `${head}.${body}.${b64(s)}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGoogle(opts: { clientId: string; clientSecret: string }): Promise<FakeGoogle> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rogue = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = 'fake-key-1';
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, FakePerson>();
  const hits: Record<string, number> = {};
  const state: FakeGoogle = {
    issuer: '',
    person: { sub: '1000001', email: 'google.user@example.com', email_verified: true, name: 'Google User' },
    rogueKey: false,
    hits,
    close: () => new Promise((r) => server.close(() => r())),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', state.issuer);
    hits[url.pathname] = (hits[url.pathname] ?? 0) + 1;
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(v));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/o/oauth2/v2/auth`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/oauth2/v3/certs`,
        userinfo_endpoint: `${state.issuer}/v1/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256', 'plain'],
      });
    }
    if (url.pathname === '/oauth2/v3/certs')
      return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    if (url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('response_type') !== 'code' || q.get('client_id') !== opts.clientId || !redirectUri)
        return json(400, { error: 'invalid_request' });
      if (!(q.get('scope') ?? '').split(' ').includes('openid')) return json(400, { error: 'invalid_scope' });
      const code = b64(randomBytes(16));
      codes.set(code, {
        person: state.person,
        clientId: opts.clientId,
        redirectUri,
        challenge: q.get('code_challenge'),
        nonce: q.get('nonce'),
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get('client_id');
      let secret = form.get('client_secret');
      const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
      if (basic)
        [clientId, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent) as [
          string,
          string,
        ];
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? ''); // a code works once
      if (clientId !== opts.clientId || secret !== opts.clientSecret) return json(401, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirectUri !== form.get('redirect_uri'))
        return json(400, { error: 'invalid_grant' });
      if (grant.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        if (b64(createHash('sha256').update(verifier).digest()) !== grant.challenge)
          return json(400, { error: 'invalid_grant', error_description: 'PKCE' });
      }
      const access = b64(randomBytes(24));
      accessTokens.set(access, grant.person);
      const now = Math.floor(Date.now() / 1000);
      const idToken = sign(
        {
          iss: state.issuer,
          aud: opts.clientId,
          sub: grant.person.sub,
          email: grant.person.email,
          email_verified: grant.person.email_verified,
          // Google puts the profile in the id_token when the profile scope was asked for.
          name: grant.person.name,
          iat: now,
          exp: now + 3600,
          ...(grant.nonce ? { nonce: grant.nonce } : {}),
        },
        state.rogueKey ? rogue : privateKey,
        kid,
      );
      return json(200, {
        access_token: access,
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'openid email profile',
        id_token: idToken,
      });
    }
    if (url.pathname === '/v1/userinfo') {
      const person = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      if (!person) return json(401, { error: 'invalid_token' });
      return json(200, {
        sub: person.sub,
        email: person.email,
        email_verified: person.email_verified,
        name: person.name,
        picture: 'https://example.com/p.png',
      });
    }
    json(404, { error: 'not_found' });
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
