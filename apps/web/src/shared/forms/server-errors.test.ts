import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { applyFieldProblems, fieldProblems, retryAfterSeconds } from './server-errors';

const validation = (fields: unknown) => new ApiError(400, 'VALIDATION_ERROR', 'Проверьте поля', { fields });

describe("the server's field messages land under the form's fields", () => {
  it('reads details.fields and ignores malformed entries', () => {
    const error = validation([{ field: 'email', message: 'Некорректный email адрес' }, { field: 1 }, 'x']);
    expect(fieldProblems(error)).toEqual([{ field: 'email', message: 'Некорректный email адрес' }]);
    expect(fieldProblems(new Error('plain'))).toEqual([]);
  });

  it('maps API names to form names, once per field, and skips unknown fields', () => {
    const set: [string, string][] = [];
    const applied = applyFieldProblems(
      validation([
        { field: 'captchaId', message: 'Пример устарел' },
        { field: 'captchaAnswer', message: 'Неверный ответ' },
        { field: 'role', message: 'ignored' },
        { field: 'name', message: 'Имя слишком короткое' },
      ]),
      ['name', 'email', 'captchaAnswer'] as const,
      (field, { message }) => set.push([field, message]),
      { captchaId: 'captchaAnswer' },
    );
    expect(applied).toEqual(['captchaAnswer', 'name']);
    expect(set).toEqual([
      ['captchaAnswer', 'Пример устарел'],
      ['name', 'Имя слишком короткое'],
    ]);
  });
});

describe('429 wait time', () => {
  it.each([
    [new ApiError(429, 'RATE_LIMITED', 'x', { retryAfter: 42 }), 42],
    [new ApiError(429, 'RATE_LIMITED', 'x', { retryAfterSeconds: 7.2 }), 8],
    [new ApiError(429, 'RATE_LIMITED', 'x'), null],
    [new ApiError(400, 'VALIDATION_ERROR', 'x', { retryAfter: 5 }), null],
  ])('%o → %s', (error, expected) => {
    expect(retryAfterSeconds(error)).toBe(expected);
  });
});
