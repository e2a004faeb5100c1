import type { GiftBalance } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { type GiftCodeState, giftCodeProblem } from './gift-code-field';

const valid = (balance: Partial<GiftBalance>): GiftCodeState => ({
  status: 'valid',
  balance: { code: 'ABCD-EFGH-JKLM-NPQR', currency: 'RUB', amount: 3000, balance: 3000, ...balance },
});

describe('whether an order may go ahead with the gift certificate field', () => {
  it.each([
    ['nothing typed', { status: 'empty' }, 'RUB', null],
    ['a code with money on it, same currency', valid({}), 'RUB', null],
    ['a euro certificate on a rouble order', valid({ currency: 'EUR' }), 'RUB', 'currency'],
    ['nothing left on it', valid({ balance: 0 }), 'RUB', 'empty'],
    ['half a code', { status: 'incomplete' }, 'RUB', 'incomplete'],
    ['still asking the server', { status: 'checking' }, 'RUB', 'checking'],
    ['refused by the server', { status: 'invalid', message: 'Сертификат с таким кодом не найден' }, 'RUB', 'invalid'],
  ] as const)('%s → %s', (_name, state, currency, problem) => {
    expect(giftCodeProblem(state as GiftCodeState, currency)).toBe(problem);
  });
});
