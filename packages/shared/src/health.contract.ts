import { z } from 'zod';
import { successEnvelope } from './api';
import { defineContract } from './contract';
import { healthRouteTable } from './health.routes';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean(), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});
const ErrorSchema = z.object({ success: z.literal(false), code: z.string(), message: z.string() });
const ReadySchema = z.object({
  ready: z.boolean(),
  draining: z.boolean(),
  database: z.object({ reachable: z.boolean() }),
  storage: z.object({ reachable: z.boolean() }),
});

export const healthContract = defineContract('health', healthRouteTable, {
  ready: {
    summary: 'Readiness: database and storage reachable, not draining',
    response: { 200: successEnvelope(ReadySchema), 503: successEnvelope(ReadySchema) },
  },
  health: {
    summary: 'Liveness and database reachability',
    response: { 200: successEnvelope(HealthSchema), 503: successEnvelope(HealthSchema).or(ErrorSchema) },
  },
});
