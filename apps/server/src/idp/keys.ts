import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

async function getOrCreate<T>(db: Db, key: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  if (existing[0]) return existing[0].value as T;
  const value = await create();
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  // Another instance may have won the race: read back what is stored.
  const stored = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return stored[0]!.value as T;
}

/**
 * The embedded provider's signing key and cookie keys are generated once per
 * installation and kept in the database, so restarts keep tokens and sessions valid.
 */
export async function loadProviderSecrets(db: Db): Promise<{ signingKey: JWK; cookieKeys: string[] }> {
  const signingKey = await getOrCreate(db, 'oidc.signing_key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });
  const cookieKeys = await getOrCreate(db, 'oidc.cookie_keys', async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { signingKey, cookieKeys };
}

export function publicJwk(privateJwk: JWK): JWK {
  const { kty, n, e, crv, x, y, alg, kid, use } = privateJwk;
  return Object.fromEntries(
    Object.entries({ kty, n, e, crv, x, y, alg, kid, use }).filter(([, v]) => v !== undefined),
  );
}
