import { createHash, randomBytes } from 'node:crypto';
import { EMBEDDED_CLIENT_ID } from '../config';

/** A minimal HTTP client: real fetch for the CLI, Fastify's inject in tests. */
export type HttpCall = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>;

/** `HttpCall` over the real network (fetch, redirects not followed, every Set-Cookie kept). */
export const fetchHttp =
  (baseUrl: string): HttpCall =>
  async ({ method, url, headers, body }) => {
    const res = await fetch(new URL(url, baseUrl), { method, headers, body, redirect: 'manual' });
    const out: Record<string, string | string[]> = {};
    res.headers.forEach((v, k) => {
      out[k] = v;
    });
    out['set-cookie'] = res.headers.getSetCookie();
    return { status: res.status, headers: out, body: await res.text() };
  };

export interface TokenFlowOptions {
  http: HttpCall;
  /** Public base address of the server, e.g. http://localhost:3000 */
  baseUrl: string;
  username: string;
  password: string;
  clientId?: string;
}

/**
 * Runs the real authorization-code flow with PKCE against the embedded provider,
 * exactly as the browser does: authorize → login form → redirect with code → token.
 */
export async function obtainTokens(
  options: TokenFlowOptions,
): Promise<{ access_token: string; refresh_token?: string; id_token?: string; expires_in: number }> {
  const { http, baseUrl } = options;
  const clientId = options.clientId ?? EMBEDDED_CLIENT_ID;
  const redirectUri = `${baseUrl}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const jar = new Map<string, string>();
  const origin = new URL(baseUrl);

  const call = async (method: 'GET' | 'POST', url: string, body?: Record<string, string>) => {
    const target = new URL(url, baseUrl);
    if (target.origin !== origin.origin) throw new Error(`Unerwartete Weiterleitung nach ${target.origin}`);
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await http({
      method,
      url: target.pathname + target.search,
      headers,
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const location = (res: { headers: Record<string, string | string[] | undefined> }) => {
    const loc = res.headers.location;
    if (typeof loc !== 'string') throw new Error('Keine Weiterleitung erhalten.');
    return loc;
  };

  const authorize = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  let res = await call('GET', `/idp/auth?${authorize}`);
  let code: string | null = null;
  for (let step = 0; step < 8 && !code; step++) {
    if (res.status < 300 || res.status >= 400)
      throw new Error(`Anmeldung fehlgeschlagen (HTTP ${res.status}): ${res.body.slice(0, 300)}`);
    const next = location(res);
    const nextUrl = new URL(next, baseUrl);
    if (nextUrl.pathname === '/auth/callback') {
      if (nextUrl.searchParams.get('state') !== state) throw new Error('state stimmt nicht überein.');
      const error = nextUrl.searchParams.get('error');
      if (error)
        throw new Error(
          `Anmeldung abgelehnt: ${error} ${nextUrl.searchParams.get('error_description') ?? ''}`,
        );
      code = nextUrl.searchParams.get('code');
      break;
    }
    const interaction = /^\/idp\/interaction\/([\w-]+)$/.exec(nextUrl.pathname);
    if (interaction) {
      res = await call('POST', `${nextUrl.pathname}/login`, {
        username: options.username,
        password: options.password,
      });
      if (res.status === 401)
        throw new Error(`Benutzername oder Passwort für „${options.username}“ ist falsch.`);
      continue;
    }
    res = await call('GET', next);
  }
  if (!code) throw new Error('Kein Autorisierungscode erhalten.');
  const tokenRes = await call('POST', '/idp/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
  });
  if (tokenRes.status !== 200)
    throw new Error(`Token-Abruf fehlgeschlagen (HTTP ${tokenRes.status}): ${tokenRes.body}`);
  return JSON.parse(tokenRes.body);
}
