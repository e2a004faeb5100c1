import type { User } from '@atelier/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { getToken } from '../../../shared/api/token';
import { endSessionLeaving, getSession, onSessionChange, sessionCheckVerdict, startSession } from './auth-session';

describe('a failed session check drops the stored token only when the server refused it', () => {
  it.each([
    ['401 from the server', new ApiError(401, 'UNAUTHORIZED', 'Unauthorized'), 'drop'],
    ['500 from the server', new ApiError(500, 'INTERNAL_ERROR', 'Server error'), 'keep'],
    ['502 from a proxy', new ApiError(502, 'HTTP_502', 'Bad gateway'), 'keep'],
    ['503 while the server drains', new ApiError(503, 'HTTP_503', 'Unavailable'), 'keep'],
    ['403 (not a verdict on the token)', new ApiError(403, 'FORBIDDEN', 'Forbidden'), 'keep'],
    ['a network error', new ApiError(0, 'NETWORK_ERROR', 'Network'), 'keep'],
    ['fetch failing outright', new TypeError('Failed to fetch'), 'keep'],
    ['a request aborted by navigating away', new DOMException('The user aborted a request.', 'AbortError'), 'keep'],
    ['a timeout', new DOMException('The operation timed out.', 'TimeoutError'), 'keep'],
  ] as const)('%s → %s', (_name, error, expected) => {
    expect(sessionCheckVerdict(error)).toBe(expected);
  });
});

/** The browser's two token stores, in memory: localStorage and a cookie jar that honours Max-Age=0. */
function stubBrowser(): void {
  const stored = new Map<string, string>();
  const cookies = new Map<string, string>();
  vi.stubGlobal('window', {
    location: { protocol: 'http:' },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
  });
  vi.stubGlobal('document', {
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  });
}

describe('ending the session on her own action', () => {
  beforeEach(stubBrowser);
  afterEach(() => vi.unstubAllGlobals());

  it('drops the token at once and publishes the guest state only after she has left the page', async () => {
    const user = { id: 'u1', email: 'vera@example.com' } as User;
    startSession(user, 'token-1');
    const seen: string[] = [];
    const stop = onSessionChange((session) => seen.push(session.status));
    let tokenWhileLeaving: string | null | undefined;
    let statusWhileLeaving: string | undefined;
    await endSessionLeaving(async () => {
      tokenWhileLeaving = getToken();
      statusWhileLeaving = getSession().status;
      await Promise.resolve();
    });
    stop();
    expect(tokenWhileLeaving).toBeNull();
    expect(statusWhileLeaving).toBe('authenticated');
    expect(getSession().status).toBe('guest');
    expect(seen).toEqual(['guest']);
  });

  it('still ends the session when leaving fails', async () => {
    startSession({ id: 'u2', email: 'ira@example.com' } as User, 'token-2');
    await expect(
      endSessionLeaving(() => {
        throw new Error('navigation failed');
      }),
    ).rejects.toThrow('navigation failed');
    expect(getSession().status).toBe('guest');
    expect(getToken()).toBeNull();
  });
});
