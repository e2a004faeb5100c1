/**
 * Request validation with zod, like fastify-type-provider-zod's validatorCompiler, except that
 * issues keep the offending input (`reportInput`), so the error handler can re-render zod's
 * default messages in the request's language (zod's ru/es locales need the input's type).
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const validation = result.error.issues.map(({ path, code, message, ...params }) => ({
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      message,
      params,
    }));
    return { error: Object.assign(new Error('validation failed'), { validation }) };
  };
