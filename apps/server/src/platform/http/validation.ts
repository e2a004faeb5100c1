/**
 * Request validation with zod, like fastify-type-provider-zod's validatorCompiler, except that
 * issues keep the offending input (`reportInput`), so the error handler can re-render zod's
 * default messages in the request's language (zod's ru/es locales need the input's type).
 *
 * After the schema, every string of a parsed body or query is checked for characters PostgreSQL cannot
 * store: NUL (text and jsonb refuse it) and lone UTF-16 surrogates (jsonb refuses their escape).
 * Without this check such a value passes zod and fails in the database as a 500.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly the character refused here.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

type Issue = { keyword: string; instancePath: string; schemaPath: string; message: string; params: object };

function unstorableStrings(value: unknown, path: (string | number)[], out: Issue[]): void {
  if (out.length >= 20) return;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) {
      const at = `/${path.join('/')}`;
      out.push({
        keyword: 'custom',
        instancePath: at,
        schemaPath: `#${at}/custom`,
        message: 'unstorableText',
        params: {},
      });
    }
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) unstorableStrings(item, [...path, i], out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) unstorableStrings(item, [...path, key], out);
  }
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    // Path parameters are ids and one-time tokens: looked up (hashed), never stored, and a broken
    // link must still reach its route (e.g. the verify-email link redirects to its "invalid" page).
    if (result.success && httpPart === 'params') return { value: result.data };
    if (result.success) {
      const bad: Issue[] = [];
      unstorableStrings(result.data, [], bad);
      if (bad.length) return { error: Object.assign(new Error('validation failed'), { validation: bad }) };
      return { value: result.data };
    }
    const validation = result.error.issues.map(({ path, code, message, ...params }) => ({
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      message,
      params,
    }));
    return { error: Object.assign(new Error('validation failed'), { validation }) };
  };
