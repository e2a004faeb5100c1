/** Helpers for the home-content journeys: the API as the admin sees it, a real PNG. */
import { baseUrl } from './browser';
import { E2E_ADMIN } from './server';

/** A real 24×24 PNG (the server checks uploads by content). */
export const PNG_24 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWO429FBFcQwatDd0TC6O5qOOkazSMdoMdIxWkJ2DGQtAgBbk1V9ExkmagAAAABJRU5ErkJggg==',
  'base64',
);

export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_24 });

export async function apiJson<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; lang?: string } = {},
) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'Accept-Language': init.lang ?? 'ru',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await response.json().catch(() => null)) as { data?: T } | null;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json?.data as T;
}

export async function adminToken(): Promise<string> {
  const { token } = await apiJson<{ token: string }>('/auth/login', { body: E2E_ADMIN });
  return token;
}
