/**
 * Which toast a failed call shows. Pure so the rules are unit-tested.
 * Lesson and access paths handle their own 403/404 (a locked video is not an error to shout about),
 * and 401 is handled by dropping the session instead of a toast.
 */
export type ErrorToast = 'forbidden' | 'notFound' | 'server' | 'network' | null;

const QUIET_PATHS = [/^\/training(\/|$)/, /^\/auth(\/|$)/, /\/access(\/|$)/];

export function errorToastFor(status: number, path: string): ErrorToast {
  if (QUIET_PATHS.some((pattern) => pattern.test(path))) return status === 0 ? 'network' : null;
  if (status === 0) return 'network';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status >= 500) return 'server';
  return null;
}

/**
 * A 401 ends the session only when the call carried a token (a wrong password is not an expiry),
 * and only the session that is still the current one: a call still on its way when she signed out,
 * deleted her account or signed in again says nothing of the session she has now.
 */
export function endsSession(status: number, sentToken: string | null, currentToken: string | null): boolean {
  return status === 401 && sentToken !== null && sentToken === currentToken;
}
