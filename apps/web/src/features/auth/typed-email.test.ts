import { describe, expect, it } from 'vitest';
import { forgotPasswordState, typedEmailOf } from './typed-email';

describe('the address typed at login, carried to "forgot password"', () => {
  it('goes over as typed (trimmed) and comes back out of the navigation state', () => {
    expect(typedEmailOf(forgotPasswordState('  anna@example.com '))).toBe('anna@example.com');
  });

  it('nothing typed, nothing carried; a state without an address gives an empty field', () => {
    expect(forgotPasswordState('   ')).toBeUndefined();
    for (const state of [undefined, null, 'anna@example.com', { email: 42 }, { email: 'a'.repeat(300) }, {}]) {
      expect(typedEmailOf(state)).toBe('');
    }
  });
});
