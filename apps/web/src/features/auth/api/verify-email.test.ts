import { describe, expect, it } from 'vitest';
import { setPasswordPath } from './verify-email';

const TOKEN = 'Qx9_zr-4kLmN0pQrStUvWxYz012345';

describe('a verification leads to the set-password page only when the server kept no password', () => {
  it.each([
    [{ mustSetPassword: true as const, setPasswordToken: TOKEN }, `/reset-password/${TOKEN}`],
    [{ mustSetPassword: true as const }, null],
    [{ setPasswordToken: TOKEN }, null],
    [{}, null],
  ])('%o → %s', (result, expected) => {
    expect(setPasswordPath(result)).toBe(expected);
  });
});
