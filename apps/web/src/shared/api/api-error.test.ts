import { afterEach, describe, expect, it, vi } from 'vitest';
import { replyCode } from './api-error';
import { apiRequest } from './client';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function failure(status: number, body: unknown) {
  answer(status, body);
  return apiRequest('/api/orders', { method: 'POST', body: {}, silent: true }).then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
}

describe('the code of a failed call', () => {
  it('is the server’s when this build declares it, else HTTP_<status>', () => {
    expect(replyCode(409, 'OUT_OF_STOCK')).toBe('OUT_OF_STOCK');
    expect(replyCode(400, 'VALIDATION_ERROR')).toBe('VALIDATION_ERROR');
    expect(replyCode(409, 'A_CODE_FROM_A_NEWER_SERVER')).toBe('HTTP_409');
    expect(replyCode(502, undefined)).toBe('HTTP_502');
    expect(replyCode(500, 42)).toBe('HTTP_500');
  });

  it('keeps a declared code with the server’s message and details', async () => {
    const error = await failure(409, { success: false, code: 'SOLD_OUT', message: 'Мест нет', details: { items: [] } });
    expect(error).toMatchObject({ status: 409, code: 'SOLD_OUT', message: 'Мест нет', details: { items: [] } });
  });

  it('turns an unknown code into HTTP_<status> and still shows the server’s message', async () => {
    const error = await failure(409, { success: false, code: 'ORDER_ON_THE_MOON', message: 'Заказ на Луне' });
    expect(error).toMatchObject({ status: 409, code: 'HTTP_409', message: 'Заказ на Луне' });
  });
});
