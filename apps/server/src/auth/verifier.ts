import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { unauthorized } from '../http/errors';

/** Only asymmetric algorithms: a shared-secret (HS*) or unsigned (`none`) token is never accepted. */
export const ALLOWED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

export interface TokenVerifier {
  verify(token: string): Promise<JWTPayload>;
}

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** Embedded provider: its public keys are known in-process. External: fetched from the issuer's JWKS. */
  jwks: JSONWebKeySet | URL | (() => Promise<URL>);
}

export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  let keySet: ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet> | undefined;
  const resolveKeys = async () => {
    if (keySet) return keySet;
    const source = options.jwks;
    if (source instanceof URL) keySet = createRemoteJWKSet(source);
    else if (typeof source === 'function') keySet = createRemoteJWKSet(await source());
    else keySet = createLocalJWKSet(source);
    return keySet;
  };
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await resolveKeys(), {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ALLOWED_ALGORITHMS,
          requiredClaims: ['exp', 'iss', 'aud'],
          clockTolerance: 5,
        });
        return payload;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired)
          throw unauthorized('Die Anmeldung ist abgelaufen. Bitte erneut anmelden.');
        if (err instanceof joseErrors.JOSEError) throw unauthorized('Das Zugriffstoken ist ungültig.');
        throw err;
      }
    },
  };
}

/** Looks up the JWKS address of an external issuer from its discovery document. */
export async function discoverJwksUri(issuer: string): Promise<URL> {
  const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`OIDC-Discovery von ${issuer} fehlgeschlagen (HTTP ${res.status}).`);
  const doc = (await res.json()) as { jwks_uri?: string };
  if (!doc.jwks_uri) throw new Error(`Das Discovery-Dokument von ${issuer} nennt keine jwks_uri.`);
  return new URL(doc.jwks_uri);
}
