import type { JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC, errors as oidcErrors } from 'oidc-provider';
import { EMBEDDED_CLIENT_ID } from '../config';
import type { Db } from '../db/client';
import { createAdapterClass } from './adapter';
import { findDemoUser } from './demo-users';
import { loggedOutPage, logoutPage } from './pages';

export interface EmbeddedProviderOptions {
  db: Db;
  issuer: string;
  audience: string;
  publicUrl: string;
  signingKey: JWK;
  cookieKeys: string[];
  /** Extra redirect targets (e.g. the Vite dev server). */
  extraOrigins?: string[];
  accessTokenTtlSeconds?: number;
}

export const API_SCOPE = 'api';

/**
 * The local OpenID Connect provider for embedded mode: a real authorization-code +
 * PKCE flow with JWT access tokens for the API audience (resource indicators).
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): Provider {
  const origins = [options.publicUrl, ...(options.extraOrigins ?? [])];
  const configuration: Configuration = {
    adapter: createAdapterClass(options.db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_name: 'GewSt Desk',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((o) => `${o}/auth/callback`),
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
      },
    ],
    jwks: { keys: [options.signingKey as never] },
    cookies: { keys: options.cookieKeys, long: { signed: true }, short: { signed: true } },
    claims: {
      openid: ['sub', 'preferred_username'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => {
      const user = findDemoUser(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, preferred_username: user.username, name: user.name, email: user.email }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    // First-party client: grant what it asks for without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(options.audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== options.audience) throw new oidcErrors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: options.audience,
            accessTokenTTL: options.accessTokenTtlSeconds ?? 15 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    extraTokenClaims: async (_ctx, token) => {
      const user =
        'accountId' in token && typeof token.accountId === 'string' ? findDemoUser(token.accountId) : null;
      return user ? { preferred_username: user.username, name: user.name, email: user.email } : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      Session: 8 * 60 * 60,
      Interaction: 30 * 60,
      Grant: 8 * 60 * 60,
      AuthorizationCode: 60,
      RefreshToken: 8 * 60 * 60,
      IdToken: 60 * 60,
      AccessToken: 15 * 60,
    },
    renderError: async (ctx, out) => {
      const { errorPage } = await import('./pages');
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error ?? 'Unbekannter Fehler'));
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = true;
  return provider;
}
