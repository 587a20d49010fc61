import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

describe('system routes', () => {
  it('reports health with the database kind', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the sign-in settings for the web app', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      oidc: {
        authority: 'http://localhost:3000/idp',
        client_id: 'gewst-desk-web',
        resource: 'http://localhost:3000/api',
      },
      sentry: { dsn: null },
    });
  });

  it('answers unknown API paths with a German 404 and no stack trace', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Diese Adresse gibt es nicht.', code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.json().info.title).toBe('GewSt Desk API');
  });

  it('serves the interactive API documentation at /api/docs without a token', async () => {
    let res = await ctx.inject({ method: 'GET', url: '/api/docs' });
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      res = await ctx.inject({
        method: 'GET',
        url: new URL(String(res.headers.location), 'http://x/api/docs/').pathname,
      });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // the page's scripts are files of our own origin, as the Content-Security-Policy demands
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(res.body).toMatch(/<script src="\.?\/?[\w./-]*swagger-initializer\.js"/);
  });

  it('serves the discovery document of the embedded provider', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(res.json()).toMatchObject({
      issuer: 'http://localhost:3000/idp',
      code_challenge_methods_supported: ['S256'],
    });
  });
});

describe('configuration', () => {
  it('defaults to embedded mode', () => {
    const c = loadConfig({});
    expect(c.database.kind).toBe('pglite');
    expect(c.oidc.embedded).toBe(true);
    expect(c.port).toBe(3000);
    expect(c.adminUsernames).toEqual(['admin']);
    expect(Object.isFrozen(c.oidc)).toBe(true);
  });

  it('uses an external issuer when all three settings are given', () => {
    const c = loadConfig({
      OIDC_ISSUER: 'https://kc.example/realms/x',
      OIDC_CLIENT_ID: 'web',
      OIDC_AUDIENCE: 'gewst-api',
      ADMIN_USERNAMES: 'a, b',
    });
    expect(c.oidc).toMatchObject({
      embedded: false,
      issuer: 'https://kc.example/realms/x',
      audience: 'gewst-api',
      resource: null,
    });
    expect(c.adminUsernames).toEqual(['a', 'b']);
  });

  it('keeps an external issuer exactly as given, trailing slash included', () => {
    const c = loadConfig({
      OIDC_ISSUER: 'https://sts.windows.net/tenant-id/',
      OIDC_CLIENT_ID: 'web',
      OIDC_AUDIENCE: 'api://gewst',
    });
    expect(c.oidc.issuer).toBe('https://sts.windows.net/tenant-id/');
  });

  it('lists every wrong variable with a German explanation', () => {
    expect(() => loadConfig({ PORT: 'abc', OIDC_ISSUER: 'https://kc.example' })).toThrow(
      /PORT[\s\S]*OIDC_ISSUER, OIDC_CLIENT_ID und OIDC_AUDIENCE/,
    );
  });
});

describe('npm run -s token -- <username>', () => {
  // A port of its own: the script finds the server through PORT.
  const port = 39_000 + (process.pid % 1000);
  const served = useTestApp({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });

  it('prints nothing but an access token from the real sign-in flow of the running server', async () => {
    await served.built.app.listen({ port, host: 'localhost' });
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const { PUBLIC_URL: _ignored, ...env } = process.env;
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'token', '--', 'admin'], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const me = await served.inject({ method: 'GET', url: '/api/users', headers: bearer(stdout.trim()) });
    expect(me.json().username).toBe('admin');
  }, 90_000);
});
