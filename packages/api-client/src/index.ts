/**
 * What an integrator does with the served OpenAPI document, in code the server's tests run:
 * generate its TypeScript types with openapi-typescript, then call the API through openapi-fetch
 * typed by them (docs/integrating-with-the-api.md). openapi-typescript prints its output with
 * TypeScript 5's JS API, which the repository's TypeScript 7 no longer has: this workspace is where
 * that TypeScript 5 lives, out of the other workspaces' way (docs/decisions/0101).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

/** This package's folder: a file written below it resolves `openapi-fetch` from here. */
export const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** The `paths`, `components` and `operations` types of an OpenAPI document, as one .d.ts text. */
export async function generateTypes(document: object): Promise<string> {
  return astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
}
