import type { ApiRead } from '@atelier/shared';

/**
 * On the server renderer, the API's public reads answered in-process (the renderer sets it from
 * the server's `ApiRead`), so a page's loader runs the browser's own query functions. Never set in
 * the browser: the API client reaches this only where `import.meta.env.SSR` is true, which the
 * browser build folds to false.
 */
let read: ApiRead | null = null;

export function answerApiWith(reader: ApiRead): void {
  read = reader;
}

export function readsInProcess(): boolean {
  return read !== null;
}

/** `fetch` for the API client on the server renderer: the in-process reader, or plain fetch without one (tests). */
export const serverFetch: typeof fetch = async (input, init) => {
  const reader = read;
  if (!reader) return fetch(input, init);
  if ((init?.method ?? 'GET') !== 'GET') throw new Error('the server renderer only reads the API');
  const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
  const { status, body } = await reader(url);
  return new Response(status === 204 ? null : body, { status, headers: { 'content-type': 'application/json' } });
};
