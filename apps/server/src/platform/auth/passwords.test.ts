import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('silk-roses-42');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('silk-roses-42', hash)).toBe(true);
    expect(await verifyPassword('silk-roses-43', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
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
