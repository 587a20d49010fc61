export const CALLBACK_PATH = '/auth/callback';

export interface SignInState {
  returnTo: string;
}

/**
 * The address to return to after sign-in, taken from the OIDC state. Only same-origin paths
 * are accepted (no "//host" or absolute URLs), and never the callback itself.
 */
export function safeReturnTo(state: unknown): string {
  const value =
    typeof state === 'object' && state !== null && 'returnTo' in state
      ? (state as { returnTo: unknown }).returnTo
      : undefined;
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return '/';
  }
  if (
    value === CALLBACK_PATH ||
    value.startsWith(`${CALLBACK_PATH}?`) ||
    value.startsWith(`${CALLBACK_PATH}#`)
  ) {
    return '/';
  }
  return value;
}

export function addressOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
