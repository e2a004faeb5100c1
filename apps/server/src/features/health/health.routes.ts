import { healthContract as contract } from '@atelier/shared/health.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { route } from '../../platform/http/route';
import type { Storage } from '../../platform/storage/storage';

export interface HealthOptions {
  database: Database;
  storage: Storage;
  /** True once shutdown has begun: the instance finishes what it has but wants no new traffic. */
  isDraining: () => boolean;
}

/** Resolves true when `check` settles within `ms`, false on an error or a timeout. */
async function reachable(check: () => Promise<void>, ms: number, onError: (error: unknown) => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
    return true;
  } catch (error) {
    onError(error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health (liveness): 200 when the database answers, 503 otherwise.
 * GET /api/ready (readiness, for load balancers): 200 when the database and the file storage both
 * answer and the instance is not shutting down; 503 otherwise, so traffic moves to other instances.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { database, storage, isDraining }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.ready, async (_request, reply) => {
    const draining = isDraining();
    const [db, files] = await Promise.all([
      reachable(
        () => database.ping(),
        3_000,
        (err) => app.log.error({ err }, 'ready check: database unreachable'),
      ),
      reachable(
        () => storage.check(),
        3_000,
        (err) => app.log.error({ err }, 'ready check: storage unreachable'),
      ),
    ]);
    const ready = !draining && db && files;
    reply.header('Cache-Control', 'no-store');
    return reply.code(ready ? 200 : 503).send({
      success: true as const,
      data: { ready, draining, database: { reachable: db }, storage: { reachable: files } },
    });
  });

  route(api, contract.health, async (_request, reply) => {
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
  });
};
