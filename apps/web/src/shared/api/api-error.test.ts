import { afterEach, describe, expect, it, vi } from 'vitest';
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
  it('is HTTP_<status> when the reply carried none', async () => {
    const error = await failure(502, { success: false, message: 'Bad gateway' });
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('keeps a declared code with the server’s message and details', async () => {
    const error = await failure(409, { success: false, code: 'SOLD_OUT', message: 'Мест нет', details: { items: [] } });
    expect(error).toMatchObject({ status: 409, code: 'SOLD_OUT', message: 'Мест нет', details: { items: [] } });
  });

  it('keeps a code this build does not know, with the server’s message', async () => {
    const error = await failure(409, { success: false, code: 'ORDER_ON_THE_MOON', message: 'Заказ на Луне' });
    expect(error).toMatchObject({ status: 409, code: 'ORDER_ON_THE_MOON', message: 'Заказ на Луне' });
  });
});
