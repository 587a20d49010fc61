import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../src/auth/verifier';
import { settings } from '../src/modules/settings';
import { BASE_URL, bearer, useTestApp } from './helpers';

const ctx = useTestApp();

async function signingKey() {
  const jwk = (await settings.get(ctx.built.database.db, 'oidc.signing_key')) as JWK;
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid! };
}

async function forge(
  claims: Record<string, unknown>,
  opts: { iss?: string; aud?: string; exp?: number | null; key?: Parameters<SignJWT['sign']>[0] } = {},
) {
  const real = await signingKey();
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ preferred_username: 'admin', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: real.kid, typ: 'at+jwt' })
    .setIssuer(opts.iss ?? `${BASE_URL}/idp`)
    .setAudience(opts.aud ?? `${BASE_URL}/api`)
    .setIssuedAt(now - 60);
  if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? now + 600);
  return jwt.sign(opts.key ?? real.key);
}

async function status(token: string) {
  return (await ctx.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode;
}

describe('token verification', () => {
  it('accepts a token from the real authorization-code flow', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/users',
      headers: bearer(await ctx.token('admin')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('admin');
  });

  it('accepts a correctly forged control token (so the refusals below are meaningful)', async () => {
    expect(await status(await forge({}))).toBe(200);
  });

  it('refuses an expired token with a German message', async () => {
    const token = await forge({}, { exp: Math.floor(Date.now() / 1000) - 120 });
    const res = await ctx.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: expect.stringContaining('abgelaufen') });
  });

  it('refuses a token from another issuer', async () => {
    expect(await status(await forge({}, { iss: 'https://evil.example/idp' }))).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    expect(await status(await forge({}, { aud: 'https://other.example/api' }))).toBe(401);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = new UnsecuredJWT({ preferred_username: 'admin' })
      .setIssuer(`${BASE_URL}/idp`)
      .setAudience(`${BASE_URL}/api`)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    expect(await status(token)).toBe(401);
  });

  it('refuses a symmetric (HS256) token', async () => {
    const token = await new SignJWT({ preferred_username: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(`${BASE_URL}/idp`)
      .setAudience(`${BASE_URL}/api`)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-shared-secret-of-sufficient-length!!'));
    expect(await status(token)).toBe(401);
  });

  it('refuses a tampered token', async () => {
    const real = await ctx.token('leser');
    const [h, p, s] = real.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.preferred_username = 'admin';
    const tampered = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    expect(await status(tampered)).toBe(401);
  });

  it('refuses a token without an expiry', async () => {
    expect(await status(await forge({}, { exp: null }))).toBe(401);
  });

  it('refuses a token signed with a foreign key that claims the provider key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect(await status(await forge({}, { key: privateKey }))).toBe(401);
  });

  it('refuses a validly signed token that names no user, with a German message', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/users',
      headers: bearer(await forge({ preferred_username: undefined })),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toContain('keinen Benutzernamen');
  });

  it('refuses garbage and missing tokens', async () => {
    expect(await status('not-a-jwt')).toBe(401);
    expect((await ctx.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Anmeldung erforderlich.');
  });

  it('refuses a wrong password at the sign-in form', async () => {
    await expect(
      (async () => {
        const { obtainTokens } = await import('../src/idp/token-flow');
        const { injectHttp } = await import('./helpers');
        return obtainTokens({
          http: injectHttp(ctx.built),
          baseUrl: BASE_URL,
          username: 'admin',
          password: 'falsch',
        });
      })(),
    ).rejects.toThrow(/falsch/);
  });

  it('brakes password guessing per normalised name and address, audit-logs it, and lets the real user in elsewhere', async () => {
    const { obtainTokens } = await import('../src/idp/token-flow');
    const { auditLogs } = await import('../src/db/schema');
    type Call = Parameters<Parameters<typeof obtainTokens>[0]['http']>[0];
    const from = (remoteAddress: string) => async (req: Call) => {
      const res = await ctx.built.app.inject({
        method: req.method,
        url: req.url,
        headers: { host: new URL(BASE_URL).host, ...req.headers },
        remoteAddress,
        ...(req.body !== undefined ? { payload: req.body } : {}),
      });
      return {
        status: res.statusCode,
        headers: res.headers as Record<string, string | string[] | undefined>,
        body: res.body,
      };
    };
    const attacker = from('203.0.113.50');
    const auth = await attacker({
      method: 'GET',
      url: '/idp/auth?client_id=gewst-desk-web&response_type=code&scope=openid&code_challenge=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ&code_challenge_method=S256&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback',
    });
    const uid = /interaction\/([\w-]+)/.exec(String(auth.headers.location))![1];
    const cookie = (auth.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const tryLogin = (username: string, password: string) =>
      attacker({
        method: 'POST',
        url: `/idp/interaction/${uid}/login`,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
      });
    // Variants of one name (as sign-in trims and folds them) share one count: 5 free failures.
    const variants = [
      'sachbearbeitung',
      ' sachbearbeitung',
      'sachbearbeitung ',
      'Sachbearbeitung',
      '\tSACHBEARBEITUNG',
    ];
    for (const name of variants) expect((await tryLogin(name, 'raten')).status).toBe(401);
    const sixth = await tryLogin('sachbearbeitung  ', 'raten');
    expect(sixth.status).toBe(401);
    const braked = await tryLogin(' sachbearbeitung', 'sachbearbeitung');
    expect(braked.status).toBe(429);
    expect(braked.headers['retry-after']).toBe('15');
    expect(braked.body).toContain(
      'Zu viele fehlgeschlagene Anmeldungen. Bitte in 15 Sekunden erneut versuchen.',
    );
    // The real user, from another address, signs in at once.
    const tokens = await obtainTokens({
      http: from('10.20.30.40'),
      baseUrl: BASE_URL,
      username: 'sachbearbeitung',
      password: 'sachbearbeitung',
    });
    expect(tokens.access_token).toBeTruthy();
    const failures = (await ctx.built.database.db.select().from(auditLogs)).filter(
      (r) => r.action === 'sign-in-failed' && r.entity_id === 'sachbearbeitung',
    );
    expect(failures).toHaveLength(6);
    expect(failures.at(-1)!.after).toEqual({ address: '203.0.113.50', failures: 6, wait_seconds: 15 });
  });
});

describe('token verifier against an external issuer', () => {
  it('compares the issuer exactly, so issuers ending with a slash work', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), alg: 'RS256', kid: 'k1' };
    const issuer = 'https://sts.example/tenant-id/';
    const verifier = createTokenVerifier({ issuer, audience: 'api://gewst', jwks: { keys: [jwk] } });
    const token = (iss: string) =>
      new SignJWT({ preferred_username: 'extern' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(iss)
        .setAudience('api://gewst')
        .setExpirationTime('5m')
        .sign(privateKey);
    await expect(verifier.verify(await token(issuer))).resolves.toMatchObject({
      preferred_username: 'extern',
    });
    await expect(verifier.verify(await token('https://sts.example/tenant-id'))).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('configurable username claim', () => {
  const byEmail = useTestApp({ OIDC_USERNAME_CLAIM: 'email', DEMO_DATA: 'never' });

  it('creates the user from the configured claim instead of preferred_username', async () => {
    const res = await byEmail.inject({
      method: 'GET',
      url: '/api/users',
      headers: bearer(await byEmail.token('leser')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'leser@gewst-desk.example', name: 'Lars Leser' });
  });
});
