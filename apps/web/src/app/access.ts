/**
 * Route guard decisions (SPEC §2), kept pure so they are unit-tested:
 * account pages send guests to /auth; the admin area sends guests to /login and shows a
 * denial to a logged-in non-admin.
 */
export type Need = 'user' | 'admin';
export type AccessDecision = 'checking' | 'allow' | 'to-auth' | 'to-login' | 'deny';

interface SessionLike {
  status: 'loading' | 'authenticated' | 'guest';
  user: { isAdmin: boolean; role: string } | null;
}

export function isAdmin(user: SessionLike['user']): boolean {
  return user !== null && (user.isAdmin || user.role === 'admin');
}

export function decideAccess(session: SessionLike, need: Need): AccessDecision {
  if (session.status === 'loading') return 'checking';
  if (session.status === 'guest' || session.user === null) return need === 'admin' ? 'to-login' : 'to-auth';
  if (need === 'admin' && !isAdmin(session.user)) return 'deny';
  return 'allow';
}
