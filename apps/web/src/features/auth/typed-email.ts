/**
 * The address typed in the login form, carried in the navigation's state to "forgot password" so
 * it is there already (never in the URL: an address does not belong in logs and history lists).
 */
export function forgotPasswordState(email: string): { email: string } | undefined {
  const typed = email.trim();
  return typed ? { email: typed } : undefined;
}

/** The address a page was given in its navigation state; '' when there is none. */
export function typedEmailOf(state: unknown): string {
  if (!state || typeof state !== 'object') return '';
  const email = (state as { email?: unknown }).email;
  return typeof email === 'string' && email.length <= 254 ? email.trim() : '';
}
