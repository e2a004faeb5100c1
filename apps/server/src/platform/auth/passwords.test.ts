import { describe, expect, it } from 'vitest';
import {
  generatePassword,
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  TEST_PASSWORD_COST,
  verifyPassword,
} from './passwords';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('silk-roses-42', TEST_PASSWORD_COST);
    expect(hash).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('silk-roses-42', hash)).toBe(true);
    expect(await verifyPassword('silk-roses-43', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', TEST_PASSWORD_COST)).not.toBe(await hashPassword('same', TEST_PASSWORD_COST));
  });

  it.each([null, undefined, '', 'plain', 'bcrypt$1$2$3$4$5'])('rejects a malformed stored value %s', async (stored) => {
    expect(await verifyPassword('x', stored)).toBe(false);
  });

  it('generates passwords of the asked length without ambiguous characters', () => {
    const password = generatePassword(20);
    expect(password).toHaveLength(20);
    expect(password).not.toMatch(/[0O1lI]/);
  });
});

describe('cost and rehash', () => {
  it('hashes at OWASP’s scrypt cost by default and carries the parameters in the stored value', async () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('silk-roses-42');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('silk-roses-42', hash)).toBe(true);
  });

  it.each([
    [{ N: 2 ** 14, r: 8, p: 1 }, PASSWORD_COST, true],
    [{ N: 2 ** 17, r: 8, p: 1 }, PASSWORD_COST, false],
    [{ N: 2 ** 17, r: 4, p: 1 }, PASSWORD_COST, true],
    [{ N: 2 ** 10, r: 8, p: 1 }, TEST_PASSWORD_COST, true],
    [{ N: 2 ** 12, r: 8, p: 1 }, TEST_PASSWORD_COST, false],
    // Stronger than asked: kept (a test-cost server never weakens a real hash).
    [{ N: 2 ** 14, r: 8, p: 2 }, TEST_PASSWORD_COST, false],
  ])('a hash made with %j against the cost %j needs a rehash: %s', async (made, wanted, expected) => {
    expect(needsRehash(await hashPassword('x', made), wanted)).toBe(expected);
  });

  it.each([null, 'plain', 'scrypt$3$8$1$a$b', 'scrypt$4194304$8$1$a$b'])(
    'never rehashes (or runs) a malformed value %s',
    async (stored) => {
      expect(needsRehash(stored, PASSWORD_COST)).toBe(false);
      expect(await verifyPassword('x', stored)).toBe(false);
    },
  );
});
