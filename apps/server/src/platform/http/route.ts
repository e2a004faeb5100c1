/**
 * Registers an API route from its one declaration in the shared contract (method, path, access,
 * schemas, OpenAPI text): `route(api, favouritesContract.add, handler)`. The handler's request and
 * reply are typed from the contract's schemas, as with an inline `api.put(…)`.
 */
import type { RouteContract, RouteIdentity } from '@atelier/shared/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type ZodApi = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The Fastify schema a contract entry stands for. */
export interface FastifySchemaOf<C extends RouteContract> {
  params: C['params'];
  querystring: C['query'];
  body: C['body'];
  response: C['response'];
}

export type ContractHandler<C extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  FastifySchemaOf<C>,
  ZodTypeProvider
>;

/** What a route adds on the server only: cookie sessions for media, a larger body, no compression. */
export interface ServerRouteOptions {
  config?: Pick<FastifyContextConfig, 'sessionCookie'>;
  bodyLimit?: number;
  compress?: false;
}

/** The OpenAPI operationId of a contract entry: `gift-certificates` + `check` → `giftCertificates.check`. */
export function operationId({ feature, name }: RouteIdentity): string {
  return `${feature.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}.${name}`;
}

/**
 * The Fastify `schema` of a contract entry: its OpenAPI identity (operationId, the feature as tag,
 * `x-webhook`) and only the keys it declares, in OpenAPI's usual order. What it adds from the
 * route's access (security, the 401/403 answers) is platform/http/openapi.ts's.
 */
export function fastifySchema(contract: RouteContract): Record<string, unknown> {
  const { feature, summary, description, webhook, produces, params, query, body, response } = contract;
  const schema: Record<string, unknown> = {
    operationId: operationId(contract),
    tags: webhook ? [feature, 'webhooks'] : [feature],
    summary,
  };
  if (description !== undefined) schema.description = description;
  if (webhook) schema['x-webhook'] = true;
  if (produces !== undefined) schema.produces = [...produces];
  if (params !== undefined) schema.params = params;
  if (query !== undefined) schema.querystring = query;
  if (body !== undefined) schema.body = body;
  if (response !== undefined) schema.response = response;
  return schema;
}

export function route<const C extends RouteContract>(
  api: ZodApi,
  contract: C,
  handler: ContractHandler<C>,
  options: ServerRouteOptions = {},
): void {
  const config: FastifyContextConfig = { ...options.config, access: contract.access };
  if (contract.multipart) config.multipart = true;
  api.route({
    method: contract.method,
    url: contract.path,
    config,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.compress === undefined ? {} : { compress: options.compress }),
    schema: fastifySchema(contract),
    handler: handler as RouteHandlerMethod,
  });
}
