import { type User, UserManager, type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import type { AppConfig } from '../config/appConfigShape';
import { addressOf, CALLBACK_PATH, type SignInState } from './returnTo';
import { clearSignInMark, markSignInStarted, signInJustFailed } from './signInLoop';

/** Seed §9: renew the token when less than 30 s of validity remain. */
export const MIN_TOKEN_VALIDITY_SECONDS = 30;

let manager: UserManager | null = null;

export function oidcSettings(oidc: AppConfig['oidc'], origin: string): UserManagerSettings {
  const resource = oidc.resource ? { resource: oidc.resource } : undefined;
  return {
    authority: oidc.authority,
    client_id: oidc.client_id,
    scope: oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    automaticSilentRenew: false,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    ...(resource ? { extraQueryParams: resource, extraTokenParams: resource } : {}),
  };
}

export function initAuth(config: AppConfig): UserManager {
  manager = new UserManager(oidcSettings(config.oidc, window.location.origin));
  shareDiscovery(manager.metadataService);
  return manager;
}

/**
 * One request for the discovery document per page: oidc-client-ts keeps the document only
 * once it has arrived, so calls that overlap (on the callback page the code exchange and
 * the app's own token check) each fetched it. Overlapping calls now share the one request;
 * a failed request is forgotten, so the next call tries again.
 */
export function shareDiscovery<T>(service: { getMetadata: () => Promise<T> }): void {
  const load = service.getMetadata.bind(service);
  let pending: Promise<T> | null = null;
  service.getMetadata = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

export function getUserManager(): UserManager {
  if (!manager) throw new Error('Die Anmeldung wurde noch nicht initialisiert.');
  return manager;
}

let redirecting = false;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A sign-in started moments ago and the API still refuses the token: do not sign in again. */
export const signInLoopDetected = (): boolean => signInJustFailed(tabStorage());

/** The API accepted the token: the sign-in worked. */
export const signInSucceeded = (): void => clearSignInMark(tabStorage());

/** Sends the browser to the sign-in page; the current address comes back in the state. */
export async function signIn(returnTo: string = addressOf(window.location)): Promise<void> {
  if (redirecting) return;
  redirecting = true;
  const state: SignInState = { returnTo };
  markSignInStarted(tabStorage());
  try {
    await getUserManager().signinRedirect({ state });
  } catch (error) {
    redirecting = false;
    throw error;
  }
}

let renewal: Promise<User | null> | null = null;

/** One renewal at a time, however many requests ask for it (uses the refresh token). */
function renew(): Promise<User | null> {
  renewal ??= getUserManager()
    .signinSilent()
    .catch((error: unknown) => {
      console.error('Token-Erneuerung fehlgeschlagen', error);
      return null;
    })
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/** The signed-in user, renewed first when the token has less than `minValidity` seconds left. */
export async function getFreshUser(minValidity = MIN_TOKEN_VALIDITY_SECONDS): Promise<User | null> {
  const user = await getUserManager().getUser();
  if (!user) return null;
  if ((user.expires_in ?? 0) >= minValidity) return user;
  const renewed = await renew();
  if (renewed) return renewed;
  return user.expired ? null : user;
}

export async function getAccessToken(): Promise<string | null> {
  return (await getFreshUser())?.access_token ?? null;
}
