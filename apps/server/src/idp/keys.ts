import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { settings } from '../modules/settings';

/**
 * The embedded provider's signing key and cookie keys are generated once per
 * installation and kept in the database, so restarts keep tokens and sessions valid.
 */
export async function loadProviderSecrets(db: Db): Promise<{ signingKey: JWK; cookieKeys: string[] }> {
  const signingKey = await settings.getOrCreate(db, 'oidc.signing_key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, kty: jwk.kty ?? 'RSA', alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });
  const cookieKeys = await settings.getOrCreate(db, 'oidc.cookie_keys', () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { signingKey: signingKey as JWK, cookieKeys };
}

export function publicJwk(privateJwk: JWK): JWK {
  const { kty, n, e, crv, x, y, alg, kid, use } = privateJwk;
  return Object.fromEntries(
    Object.entries({ kty, n, e, crv, x, y, alg, kid, use }).filter(([, v]) => v !== undefined),
  );
}
