/**
 * Route guard decisions, kept pure so they are unit-tested:
 * account pages send guests to /auth; the admin area sends guests to /login and shows a
 * denial to a logged-in non-admin. A session that could not be checked is neither: the guards
 * offer to check again instead of redirecting.
 */
export type Need = 'user' | 'admin';
export type AccessDecision = 'checking' | 'unavailable' | 'allow' | 'to-auth' | 'to-login' | 'deny';

interface SessionLike {
  status: 'loading' | 'authenticated' | 'guest' | 'unavailable';
  user: { isAdmin: boolean; role: string } | null;
}

export function isAdmin(user: SessionLike['user']): boolean {
  return user !== null && (user.isAdmin || user.role === 'admin');
}

export function decideAccess(session: SessionLike, need: Need): AccessDecision {
  if (session.status === 'loading') return 'checking';
  // The stored token could not be checked (network, server error): never treat that as logged out.
  if (session.status === 'unavailable') return 'unavailable';
  if (session.status === 'guest' || session.user === null) return need === 'admin' ? 'to-login' : 'to-auth';
  if (need === 'admin' && !isAdmin(session.user)) return 'deny';
  return 'allow';
}

/**
 * The admin area has a shell of its own (header, grouped sections): the shop's header, footer,
 * currency choice and cookie banner are left out while the admin is let in, or still being checked.
 * A visitor who is refused, or whose session could not be checked, stays in the shop's layout.
 */
export function usesAdminShell(pathname: string, access: AccessDecision): boolean {
  return (pathname === '/admin' || pathname.startsWith('/admin/')) && (access === 'allow' || access === 'checking');
}
