import { describe, expect, it } from 'vitest';
import { decideAccess, usesAdminShell } from './access';

const admin = { isAdmin: true, role: 'admin' };
const user = { isAdmin: false, role: 'user' };

describe('route guards', () => {
  it.each([
    ['loading', null, 'user', 'checking'],
    ['loading', null, 'admin', 'checking'],
    ['unavailable', null, 'user', 'unavailable'],
    ['unavailable', null, 'admin', 'unavailable'],
    ['guest', null, 'user', 'to-auth'],
    ['guest', null, 'admin', 'to-login'],
    ['authenticated', user, 'user', 'allow'],
    ['authenticated', user, 'admin', 'deny'],
    ['authenticated', admin, 'admin', 'allow'],
    ['authenticated', admin, 'user', 'allow'],
    ['authenticated', { isAdmin: false, role: 'admin' }, 'admin', 'allow'],
  ] as const)('%s %o on a %s route → %s', (status, who, need, expected) => {
    expect(decideAccess({ status, user: who }, need)).toBe(expected);
  });
});

describe("the admin's own shell", () => {
  it.each([
    ['/admin', 'allow', true],
    ['/admin/orders/42', 'allow', true],
    ['/admin', 'checking', true],
    // A refused or unchecked visitor keeps the shop's header and footer, with its way back.
    ['/admin', 'deny', false],
    ['/admin/shop', 'unavailable', false],
    ['/admin', 'to-login', false],
    // Not the admin area, whoever visits.
    ['/', 'allow', false],
    ['/administrator', 'allow', false],
    ['/account', 'allow', false],
  ] as const)('%s with %s: own shell %s', (pathname, access, expected) => {
    expect(usesAdminShell(pathname, access)).toBe(expected);
  });
});
