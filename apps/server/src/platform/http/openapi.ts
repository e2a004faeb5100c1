/**
 * The OpenAPI document served at /api/docs/json, generated from the route contract alone (no copy
 * kept by hand; docs/decisions/0101, docs/integrating-with-the-api.md):
 * - only `/api` routes; the pages, /uploads, /dev/mail and the docs themselves are left out;
 * - each operation's operationId (`feature.name`), tag (its feature) and summary come from its
 *   contract entry (route.ts), webhooks are tagged `webhooks` and marked `x-webhook`;
 * - its security and the 4xx it can give follow from what the route declares: its access (user →
 *   bearer token, 401; admin → also 403; public → none), its inputs (400; a body also 413 and 415),
 *   the session cookie where the route takes it, plus the statuses its contract lists;
 * - the error envelope, money, localized text, list meta and the main resources are components,
 *   referred to by `$ref`; the error answers are shared `components/responses`;
 * - `servers` is PUBLIC_URL.
 */
import {
  AdminCourseSchema,
  AdminGiftCertificateSchema,
  AdminLessonSchema,
  AdminProductSchema,
  AdminReviewSchema,
  AdminStudentWorkSchema,
  CartSchema,
  CourseSchema,
  CustomRequestSchema,
  ErrorBodySchema,
  ImageSchema,
  LegalDocumentSchema,
  LessonSchema,
  ListMetaSchema,
  LocalizedTextSchema,
  MyGiftCertificateSchema,
  OrderItemSchema,
  OrderSchema,
  PortfolioItemSchema,
  PriceSchema,
  ProductDetailSchema,
  ProductOptionSchema,
  ProductSchema,
  ProductVariantSchema,
  PromoCodeSchema,
  ReviewSchema,
  StudentWorkSchema,
  UserSchema,
} from '@atelier/shared';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessLevel } from './access';

/** The schemas named once under components/schemas; everywhere else they are a `$ref`. */
const COMPONENTS: Record<string, z.ZodType> = {
  ErrorEnvelope: ErrorBodySchema,
  ListMeta: ListMetaSchema,
  Money: PriceSchema,
  LocalizedText: LocalizedTextSchema,
  Image: ImageSchema,
  Product: ProductSchema,
  ProductDetail: ProductDetailSchema,
  ProductOption: ProductOptionSchema,
  ProductVariant: ProductVariantSchema,
  AdminProduct: AdminProductSchema,
  Lesson: LessonSchema,
  AdminLesson: AdminLessonSchema,
  Course: CourseSchema,
  AdminCourse: AdminCourseSchema,
  Cart: CartSchema,
  Order: OrderSchema,
  OrderItem: OrderItemSchema,
  CustomRequest: CustomRequestSchema,
  GiftCertificate: MyGiftCertificateSchema,
  AdminGiftCertificate: AdminGiftCertificateSchema,
  PromoCode: PromoCodeSchema,
  Review: ReviewSchema,
  AdminReview: AdminReviewSchema,
  StudentWork: StudentWorkSchema,
  AdminStudentWork: AdminStudentWorkSchema,
  PortfolioItem: PortfolioItemSchema,
  LegalDocument: LegalDocumentSchema,
  User: UserSchema,
};

/** The error answers, each once under components/responses, with what it means for a caller. */
const ERROR_ANSWERS: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'The request is malformed or fails validation (`VALIDATION_ERROR`: `details.fields` names each field and why).',
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid session: sign in (`POST /api/auth/login`) and send `Authorization: Bearer <token>`.',
  },
  403: {
    name: 'Forbidden',
    description: 'Signed in but not allowed: an admin route, someone else’s resource, or an action not open to you.',
  },
  404: { name: 'NotFound', description: 'No such resource (or not visible to you).' },
  409: {
    name: 'Conflict',
    description: 'The resource’s state does not allow this now (e.g. an order already paid); `code` says which.',
  },
  410: {
    name: 'Gone',
    description:
      'The link or resource existed but is no more: expired, or removed (`code` says which; the summary says what `details` carries).',
  },
  413: { name: 'PayloadTooLarge', description: 'The body or an uploaded file is over the size limit.' },
  415: { name: 'UnsupportedMediaType', description: 'The body’s Content-Type is not one the route reads.' },
  429: {
    name: 'TooManyRequests',
    description: 'Rate limited: wait the `Retry-After` seconds (also in `details.retryAfterSeconds`), then try again.',
  },
  502: { name: 'BadGateway', description: 'A provider the shop relies on (payments, CDEK) failed or refused.' },
  503: { name: 'ServiceUnavailable', description: 'Not ready or shutting down; try again shortly.' },
};

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '302': 'Found: a redirect (see the summary for where to)',
  '303': 'See other: a redirect (see the summary for where to)',
};

const ERROR_REF = '#/components/schemas/ErrorEnvelope';

/** Documented: the API, not the pages, files, dev mailbox or the docs themselves. */
export function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && !/^\/api\/docs(\/|$)/.test(url);
}

type Schema = Record<string, unknown> & { response?: Record<string | number, unknown> };

/** The 4xx a route can give because of what it declares, besides those its contract lists. */
export function declaredErrors(schema: Schema, access: AccessLevel, multipart: boolean): number[] {
  const codes: number[] = [];
  const hasBody = schema.body !== undefined || multipart;
  if (hasBody || schema.params !== undefined || schema.querystring !== undefined) codes.push(400);
  if (access !== 'public') codes.push(401);
  if (access === 'admin') codes.push(403);
  if (hasBody) codes.push(413, 415);
  return codes;
}

/**
 * Public routes need nothing (`[]`); the others a bearer token. A route that also takes the session
 * from the `token` cookie (private media) says so; a public one of those (a signed URL is enough)
 * lists "nothing" first.
 */
export function securityOf(access: AccessLevel, sessionCookie: boolean): Record<string, string[]>[] {
  if (!sessionCookie) return access === 'public' ? [] : [{ bearer: [] }];
  const session: Record<string, string[]>[] = [{ bearer: [] }, { sessionCookie: [] }];
  return access === 'public' ? [{}, ...session] : session;
}

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; parameters?: Json[] };
interface Document extends Json {
  paths: Record<string, Record<string, Operation>>;
  components: Json & { schemas?: Record<string, Json>; responses?: Record<string, Json> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function* operations(document: Document): Generator<Operation> {
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) if (METHODS.includes(method)) yield operation;
  }
}

/** A wildcard route (`…/*`) as OpenAPI can say it: a last path parameter named `path`. */
function nameWildcards(document: Document): void {
  const paths: Document['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (path.endsWith('/{*}')) {
      for (const method of METHODS) {
        for (const parameter of item[method]?.parameters ?? []) {
          if (parameter.in === 'path' && parameter.name === '*') parameter.name = 'path';
        }
      }
    }
    paths[path.replace(/\/\{\*\}$/, '/{path}')] = item;
  }
  document.paths = paths;
}

/** Error answers in the envelope become `$ref`s to components/responses; the others get a description. */
function shareAnswers(document: Document): void {
  const used = new Set<string>();
  for (const operation of operations(document)) {
    for (const [status, answer] of Object.entries(operation.responses ?? {})) {
      const content = answer.content as Record<string, { schema?: Json }> | undefined;
      const known = ERROR_ANSWERS[Number(status)];
      // Swagger gives an error answer the route's file type too (`produces`); it is always JSON.
      if (known && Object.values(content ?? {}).some((media) => media.schema?.$ref === ERROR_REF)) {
        operation.responses![status] = { $ref: `#/components/responses/${known.name}` };
        used.add(status);
      } else if (answer.description === 'Default Response') {
        answer.description = STATUS_TEXT[status] ?? 'Answer';
      }
    }
  }
  const responses: Record<string, Json> = {};
  for (const status of [...used].sort()) {
    const { name, description } = ERROR_ANSWERS[Number(status)]!;
    responses[name] = {
      description,
      ...(status === '429'
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: { $ref: ERROR_REF } } },
    };
  }
  document.components.responses = responses;
}

function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const entry of value) refsIn(entry, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  }
}

/**
 * zod gives each component an input and an output form (`MoneyInput`, `Money`): where both are
 * the same one is kept, and only components something refers to stay.
 */
function tidyComponents(document: Document): void {
  const schemas = document.components.schemas ?? {};
  const renamed = new Map<string, string>();
  for (const name of Object.keys(COMPONENTS)) {
    const input = schemas[`${name}Input`];
    if (input && JSON.stringify(input) === JSON.stringify(schemas[name])) {
      renamed.set(`#/components/schemas/${name}Input`, `#/components/schemas/${name}`);
      delete schemas[`${name}Input`];
    }
  }
  const json = JSON.stringify(document, (key, value) =>
    key === '$ref' && typeof value === 'string' ? (renamed.get(value) ?? value) : value,
  );
  const tidied = JSON.parse(json) as Document;
  // Keep what the paths refer to, then what those refer to, until nothing new is reached.
  const kept = new Set<string>();
  let reached = new Set<string>();
  refsIn(tidied.paths, reached);
  refsIn(tidied.components.responses, reached);
  while (reached.size > 0) {
    const next = new Set<string>();
    for (const ref of reached) {
      if (kept.has(ref)) continue;
      kept.add(ref);
      refsIn(tidied.components.schemas?.[ref.split('/').pop()!], next);
    }
    reached = next;
  }
  tidied.components.schemas = Object.fromEntries(
    Object.entries(tidied.components.schemas ?? {})
      .filter(([name]) => kept.has(`#/components/schemas/${name}`))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  Object.assign(document, tidied);
}

const FORMATS_WITH_PATTERN = ['uuid', 'date-time', 'date', 'email'];

/**
 * What zod writes beside a format that the format already says: the long regular expression of a
 * uuid, date-time, date or email, and the safe-integer bounds of every `.int()`.
 */
function dropRedundantKeywords(value: unknown): void {
  if (Array.isArray(value)) for (const entry of value) dropRedundantKeywords(entry);
  else if (value && typeof value === 'object') {
    const schema = value as Json;
    if (typeof schema.pattern === 'string' && FORMATS_WITH_PATTERN.includes(schema.format as string)) {
      delete schema.pattern;
    }
    if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
    for (const child of Object.values(schema)) dropRedundantKeywords(child);
  }
}

/** The tags in use, sorted, `webhooks` described. */
function listTags(document: Document): Json[] {
  const names = new Set<string>();
  for (const operation of operations(document)) for (const tag of (operation.tags as string[]) ?? []) names.add(tag);
  return [...names]
    .sort()
    .map((name) =>
      name === 'webhooks'
        ? { name, description: 'Called by payment providers and CDEK to notify the shop; not for integrators to call.' }
        : { name },
    );
}

export function openapiOptions({ publicUrl }: { publicUrl: string }): FastifyDynamicSwaggerOptions {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });

  return {
    openapi: {
      // 3.1: JSON Schema itself, so a nullable reference is `anyOf: [{ $ref }, { type: 'null' }]`.
      openapi: '3.1.0',
      info: {
        title: 'Atelier API',
        description:
          'Shop, portfolio, reviews and video lessons of a silk-flower artisan. How to authenticate, read errors, ' +
          'page through lists and pay: docs/integrating-with-the-api.md in the repository.',
        version: '1.0.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token `POST /api/auth/login` answers with (7 days; `POST /api/auth/logout` ends it).',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'token',
            description:
              'The same session token as a cookie: only taken by the routes that stream a private file (lesson ' +
              'video, subtitles, methodology), which a media element fetches without headers.',
          },
        },
      },
    },
    // The server URL is the site itself: the paths keep their `/api`.
    stripBasePath: false,
    transform: (input) => {
      const { url, route } = input as typeof input & { route: RouteOptions };
      if (!isDocumented(url)) return { schema: { hide: true } as never, url };
      const schema = (input.schema ?? {}) as Schema;
      const access = route.config?.access ?? 'public';
      const response: Record<string | number, unknown> = { ...schema.response };
      for (const status of declaredErrors(schema, access, route.config?.multipart === true)) {
        response[status] ??= ErrorBodySchema;
      }
      const security = securityOf(access, route.config?.sessionCookie === true);
      const out = zodTransform({ ...input, schema: { ...schema, response, security } as never });
      if (!Object.keys(schema.response ?? {}).some((status) => /^[23]/.test(status))) {
        // A file or a stream: its bytes, in the types the contract declares.
        const types = (schema.produces as string[] | undefined) ?? ['application/octet-stream'];
        const bytes = { schema: { type: 'string', format: 'binary' } };
        const answers = (out.schema as Schema).response!;
        const description = types.includes('text/html') ? 'The page' : 'The file';
        (out.schema as Schema).response = {
          200: { description, content: Object.fromEntries(types.map((type) => [type, bytes])) },
          ...answers,
        };
      }
      return out;
    },
    transformObject: (input) => {
      const document = zodTransformObject(input) as unknown as Document;
      nameWildcards(document);
      shareAnswers(document);
      tidyComponents(document);
      dropRedundantKeywords(document.paths);
      dropRedundantKeywords(document.components.schemas);
      document.tags = listTags(document);
      return document as never;
    },
  };
}
