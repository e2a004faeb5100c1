import type { ListMeta } from '@atelier/shared';
import { currentLanguage, i18n } from '../i18n/i18n';
import { readsInProcess, serverFetch } from '../ssr/server-api';
import { toast } from '../ui/toast';
import { ApiError, type ApiErrorCode } from './api-error';
import { endsSession, errorToastFor } from './error-policy';
import { dropToken, getToken } from './token';

export const API_BASE = '/api';
/** Calls give up after 300 000 ms. */
export const API_TIMEOUT_MS = 300_000;

export interface Envelope<T> {
  data: T;
  message?: string;
  meta?: ListMeta;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Skip the generic error toast: the caller shows its own message. */
  silent?: boolean;
  /** On 401 drop the token but stay on the page (the start-up session check). */
  noSessionRedirect?: boolean;
}

let onUnauthorized: () => void = () => {};

/** The app decides what "session expired" means (drop the user, go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The session ended (a 401 on a call that carried a token): for callers outside apiRequest (uploads). */
export function notifyUnauthorized(): void {
  onUnauthorized();
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

const TOAST_KEYS = {
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  server: 'errors.server',
  network: 'errors.network',
} as const;

function report(status: number, path: string, silent: boolean | undefined): void {
  // Nobody sees a toast of the server renderer.
  if (silent || (import.meta.env.SSR && readsInProcess())) return;
  const kind = errorToastFor(status, path);
  // One toast per kind at a time: a retried query must not stack two identical messages.
  if (kind) toast.error(i18n.t(TOAST_KEYS[kind]), { id: `api-${kind}` });
}

/** Every call carries the interface language and, when logged in, the bearer token. */
function baseHeaders(token: string | null, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'GET', body, query, signal, silent, noSessionRedirect } = options;
  const token = getToken();
  const headers = baseHeaders(token);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  // AbortSignal.any is recent (2024); without it the caller's signal wins and the timeout is dropped.
  const combined = signal ? ('any' in AbortSignal ? AbortSignal.any([signal, timeout]) : signal) : timeout;

  let response: Response;
  try {
    // On the server renderer the API answers in-process; the browser build keeps plain fetch only.
    const send = import.meta.env.SSR ? serverFetch : fetch;
    response = await send(buildUrl(path, query), { method, headers, body: payload, signal: combined });
  } catch (error) {
    if (signal?.aborted) throw error;
    report(0, path, silent);
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('errors.network'));
  }

  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const envelope = (json ?? {}) as Partial<Envelope<T>>;
    return { data: envelope.data as T, message: envelope.message, meta: envelope.meta };
  }

  const failure = (json ?? {}) as { code?: ApiErrorCode; message?: string; details?: unknown };
  if (endsSession(response.status, token, getToken())) {
    dropToken();
    if (!noSessionRedirect) onUnauthorized();
  } else {
    report(response.status, path, silent);
  }
  throw new ApiError(
    response.status,
    failure.code || `HTTP_${response.status}`,
    failure.message ?? i18n.t(response.status >= 500 ? 'errors.server' : 'errors.unknown'),
    failure.details,
  );
}

export async function apiGet<T>(
  path: string,
  query?: Record<string, QueryValue>,
  signal?: AbortSignal,
  options: Pick<RequestOptions, 'silent'> = {},
): Promise<T> {
  const { data } = await apiRequest<T>(path, { query, signal, ...options });
  return data;
}

export interface Download {
  blob: Blob;
  /** From Content-Disposition, else the caller's fallback. */
  filename: string;
}

/** The file name of a `Content-Disposition: attachment; filename*=UTF-8''…` or `filename="…"`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Badly encoded: try the plain parameter.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1];
  return plain ? plain.trim() : null;
}

/**
 * A file the API serves only to its owner (bearer token), fetched as a blob so the page can save it:
 * a plain link cannot carry the Authorization header. Errors behave like apiRequest's.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<Download> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      headers: baseHeaders(token, '*/*'),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('errors.network'));
  }
  if (!response.ok) {
    const failure = ((await response.json().catch(() => null)) ?? {}) as { code?: ApiErrorCode; message?: string };
    if (endsSession(response.status, token, getToken())) {
      dropToken();
      onUnauthorized();
    }
    throw new ApiError(
      response.status,
      failure.code || `HTTP_${response.status}`,
      failure.message ?? i18n.t(response.status >= 500 ? 'errors.server' : 'errors.unknown'),
    );
  }
  const filename = dispositionFilename(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob: await response.blob(), filename };
}
