import { successEnvelope } from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean(), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

const ErrorSchema = z.object({ success: z.literal(false), code: z.string(), message: z.string() });

/** GET /api/health: 200 when the database answers, 503 otherwise (for load balancers and monitors). */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: { 200: successEnvelope(HealthSchema), 503: successEnvelope(HealthSchema).or(ErrorSchema) },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let reachable = true;
      try {
        await database.ping();
      } catch (error) {
        reachable = false;
        app.log.error({ err: error }, 'health check: database unreachable');
      }
      const data = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: { kind: database.kind, reachable, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
        uptimeSeconds: Math.round(process.uptime()),
      };
      reply.header('Cache-Control', 'no-store');
      return reply.code(reachable ? 200 : 503).send({ success: true as const, data });
    },
  );
};
