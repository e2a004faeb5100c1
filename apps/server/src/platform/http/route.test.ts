import { successEnvelope } from '@atelier/shared';
import { defineContract } from '@atelier/shared/contract';
import { defineRoutes } from '@atelier/shared/route-table';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { enforceAccessDeclarations } from './access';
import { fastifySchema, route } from './route';

const contract = defineContract(
  'things',
  defineRoutes({
    rename: { method: 'PATCH', path: '/api/things/:id', access: 'admin' },
    media: { method: 'GET', path: '/api/things/:id/media', access: 'user' },
  }),
  {
    rename: {
      summary: 'Rename a thing',
      description: 'Only the name changes.',
      params: z.object({ id: z.uuid() }),
      query: z.object({ dry: z.enum(['yes', 'no']).optional() }),
      body: z.object({ name: z.string().min(1) }),
      response: { 200: successEnvelope(z.object({ id: z.string(), name: z.string() })) },
    },
    media: {
      summary: 'The thing’s video',
      produces: ['video/mp4'],
      params: z.object({ id: z.uuid() }),
    },
  },
);

const app = Fastify();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  enforceAccessDeclarations(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  route(api, contract.rename, async (request) => {
    expectTypeOf(request.params).toEqualTypeOf<{ id: string }>();
    expectTypeOf(request.body).toEqualTypeOf<{ name: string }>();
    expectTypeOf(request.query).toEqualTypeOf<{ dry?: 'yes' | 'no' | undefined }>();
    return { success: true as const, data: { id: request.params.id, name: request.body.name } };
  });
  route(api, contract.media, async (_request, reply) => reply.send('video'), {
    config: { sessionCookie: true },
    bodyLimit: 1024,
  });
  await app.ready();
});
afterAll(() => app.close());

describe('route registers a contract entry on Fastify', () => {
  it('at its method and path, with its access and the server-only options', () => {
    expect(app.routeTable.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual([
      'PATCH /api/things/:id admin',
      'GET /api/things/:id/media user',
      'HEAD /api/things/:id/media user',
    ]);
    const media = app.routeTable.find((r) => r.url === '/api/things/:id/media');
    expect(media?.schema.params).toBe(contract.media.params);
  });

  it('validates the request with the contract’s schemas', async () => {
    const id = '6f1c1c1e-3a5b-4c8e-9a39-0c9b2d9a3f10';
    const good = await app.inject({ method: 'PATCH', url: `/api/things/${id}`, payload: { name: 'Rose' } });
    expect(good.json()).toEqual({ success: true, data: { id, name: 'Rose' } });
    const bad = await app.inject({ method: 'PATCH', url: `/api/things/${id}`, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    const badId = await app.inject({ method: 'PATCH', url: '/api/things/nope', payload: { name: 'Rose' } });
    expect(badId.statusCode).toBe(400);
  });

  it('keeps the OpenAPI text and only the schema keys the contract declares', () => {
    expect(Object.keys(fastifySchema(contract.rename))).toEqual([
      'operationId',
      'tags',
      'summary',
      'description',
      'params',
      'querystring',
      'body',
      'response',
    ]);
    expect(fastifySchema(contract.media)).toMatchObject({
      operationId: 'things.media',
      tags: ['things'],
      produces: ['video/mp4'],
      summary: 'The thing’s video',
    });
  });

  it('does not compile a handler whose reply breaks the contract', () => {
    const api = Fastify().withTypeProvider<ZodTypeProvider>();
    // @ts-expect-error `name` must be a string
    route(api, contract.rename, async () => ({ success: true as const, data: { id: 'x', name: 1 } }));
  });
});
