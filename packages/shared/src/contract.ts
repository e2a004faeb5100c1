/**
 * One declaration per API route: the zod-free table (`route-table.ts`: method, path, access) joined
 * by name with the route's schemas and OpenAPI text. The server registers each route from it
 * (`platform/http/route.ts`); the web derives its typed calls from the table and, type-only, from
 * the schemas here (`shared/api/endpoints.ts`), so the browser never loads zod for a URL.
 */
import type { z } from 'zod';
import type { RouteRef } from './route-table';

export interface RouteSchemas {
  readonly summary: string;
  readonly description?: string;
  /**
   * Called by another system (a payment provider, CDEK) to notify the shop, never by its own
   * clients: the OpenAPI document marks it `x-webhook` and tags it `webhooks`.
   */
  readonly webhook?: true;
  /** Content types of a non-JSON reply (a CSV, a PDF). */
  readonly produces?: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every status the route answers with, success and error; none for a file or a stream. */
  readonly response?: { readonly [status: number]: z.ZodType };
}

/**
 * Where a route belongs, given by `defineContract`: its feature (kebab-case, the OpenAPI tag) and
 * its name in the feature's table. `feature.name` in camelCase is its OpenAPI operationId
 * (`giftCertificates.check`), so renaming either changes what integrators' generated clients call.
 */
export interface RouteIdentity<F extends string = string, N extends string = string> {
  readonly feature: F;
  readonly name: N;
}

export type RouteContract = RouteRef & RouteSchemas & RouteIdentity;

type Exactly<R, S> = { [K in keyof S]: K extends keyof R ? RouteSchemas : never };

const FEATURE_RE = /^[a-z]+(-[a-z]+)*$/;
const NAME_RE = /^[a-z][a-zA-Z]*$/;

/**
 * Joins a feature's route table with the schemas of each route; a name on one side only does not
 * compile. Each entry also gets its feature and name (RouteIdentity).
 */
export function defineContract<
  const F extends string,
  const R extends Record<string, RouteRef>,
  S extends { [K in keyof R]: RouteSchemas },
>(feature: F, routes: R, schemas: S & Exactly<R, S>): { [K in keyof R]: R[K] & S[K] & RouteIdentity<F, K & string> } {
  if (!FEATURE_RE.test(feature)) throw new Error(`feature "${feature}": lower-case words joined by "-"`);
  const joined: Record<string, RouteContract> = {};
  for (const [name, ref] of Object.entries(routes)) {
    const route = schemas[name as keyof R];
    if (!route) throw new Error(`${ref.method} ${ref.path}: no schemas for ${name}`);
    if (!NAME_RE.test(name)) throw new Error(`${ref.method} ${ref.path}: the name "${name}" must be camelCase letters`);
    joined[name] = { ...ref, ...route, feature, name };
  }
  return joined as { [K in keyof R]: R[K] & S[K] & RouteIdentity<F, K & string> };
}

type SuccessStatus = 200 | 201 | 202 | 204;
type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * What a caller sends: `params` for the path, `query`, `body` (JSON) or `form` (multipart, of the
 * caller's form type: `FormData` in the browser; or the fields alone as JSON, which readForm also
 * takes), as each route declares.
 */
export type RouteInput<C extends RouteContract, Form = unknown> = Simplify<
  (C['params'] extends z.ZodType ? { params: Input<C['params']> } : unknown) &
    (C['query'] extends z.ZodType ? { query?: Input<C['query']> } : unknown) &
    (C['body'] extends z.ZodType ? { body: Input<C['body']> } : unknown) &
    (C['multipart'] extends true ? { form: Form | Record<string, unknown> } : unknown)
>;

/** The success reply's JSON (the `{ success, data, message?, meta? }` envelope for JSON routes). */
export type RouteReply<C extends RouteContract> = C['response'] extends object
  ? Output<C['response'][keyof C['response'] & SuccessStatus]>
  : never;

/** The `data` of the success envelope. */
export type RouteData<C extends RouteContract> = RouteReply<C> extends { data: infer D } ? D : never;
