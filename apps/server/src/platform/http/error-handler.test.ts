import { SERVER_MESSAGES } from '@atelier/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict, InvalidFields, InvalidInput } from '../errors';
import { registerErrorHandling } from './error-handler';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  app.get('/fields', async () => {
    throw new InvalidFields(
      'bookFormatInvalid',
      [
        { field: 'items.0.bookFormat', message: 'bookFormatInvalid' },
        { field: 'amount', message: { ru: 'От 1 ₽', en: 'From RUB 1', es: 'Desde 1 RUB' } },
      ],
      'CARD_PAYMENTS_UNAVAILABLE',
    );
  });
  app.get('/raw-details', async () => {
    throw new InvalidInput('validation', { fields: [{ field: 'code', message: 'codeWrong' }] }, 'INVALID_CODE');
  });
  app.get('/conflict', async () => {
    throw new Conflict({ ru: 'Занято', en: 'Taken', es: 'Ocupado' }, { items: [1] }, 'SOLD_OUT');
  });
  await app.ready();
});

afterAll(() => app.close());

const get = (url: string, lang: string) => app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('errors are localized at the edge', () => {
  it.each(['ru', 'en', 'es'] as const)('InvalidFields: the message and every field message in %s', async (lang) => {
    const res = await get('/fields', lang);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'CARD_PAYMENTS_UNAVAILABLE',
      message: SERVER_MESSAGES.bookFormatInvalid[lang],
      details: {
        fields: [
          { field: 'items.0.bookFormat', message: SERVER_MESSAGES.bookFormatInvalid[lang] },
          { field: 'amount', message: { ru: 'От 1 ₽', en: 'From RUB 1', es: 'Desde 1 RUB' }[lang] },
        ],
      },
    });
  });

  it('other details go out as thrown (a field message given as a key stays the key)', async () => {
    expect((await get('/raw-details', 'en')).json()).toEqual({
      success: false,
      code: 'INVALID_CODE',
      message: SERVER_MESSAGES.validation.en,
      details: { fields: [{ field: 'code', message: 'codeWrong' }] },
    });
    expect((await get('/conflict', 'es')).json()).toEqual({
      success: false,
      code: 'SOLD_OUT',
      message: 'Ocupado',
      details: { items: [1] },
    });
  });
});
