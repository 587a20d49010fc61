import { obtainTokens } from '../../apps/server/src/idp/token-flow';

/** Talks to the running server like a script would: real sign-in flow, then bearer calls. */
export async function apiToken(baseUrl: string, username: string): Promise<string> {
  const tokens = await obtainTokens({
    baseUrl,
    username,
    password: username,
    http: async ({ method, url, headers, body }) => {
      const res = await fetch(new URL(url, baseUrl), { method, headers, body, redirect: 'manual' });
      const out: Record<string, string | string[]> = {};
      res.headers.forEach((v, k) => {
        out[k] = v;
      });
      out['set-cookie'] = res.headers.getSetCookie();
      return { status: res.status, headers: out, body: await res.text() };
    },
  });
  return tokens.access_token;
}

export async function api<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
