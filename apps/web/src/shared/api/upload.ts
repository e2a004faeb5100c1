import type { RouteContract, RouteData, RouteInput } from '@atelier/shared/contract';
import { fillPath, type RouteRef } from '@atelier/shared/route-table';
import { useCallback, useState } from 'react';
import { currentLanguage, i18n } from '../i18n/i18n';
import { toast } from '../ui/toast';
import { ApiError, type ApiErrorCode } from './api-error';
import { API_BASE, API_TIMEOUT_MS, buildUrl, type Envelope, notifyUnauthorized } from './client';
import type { RouteTableOf } from './endpoints';
import { endsSession, errorToastFor } from './error-policy';
import { dropToken, getToken } from './token';

/** Bytes sent so far out of the total; `fraction` is 0..1 (null while the size is not known). */
export interface UploadProgress {
  loaded: number;
  total: number;
  fraction: number | null;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** The form's fields: sent as one multipart part named `data` holding their JSON. */
  data?: unknown;
  /** Plain text parts instead of (or beside) `data`, e.g. the review form's `reviewText`, `rating`. */
  fields?: Record<string, string | number>;
  /** File parts by field name (`images`, `image`, `video`, `methodology_ru`…); several files repeat the name. */
  files?: Record<string, File | Blob | readonly (File | Blob)[] | null | undefined>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Skip the generic error toast (403/404/5xx/network): the caller shows its own message. */
  silent?: boolean;
}

const TOAST_KEYS = {
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  server: 'errors.server',
  network: 'errors.network',
} as const;

/** The multipart body: `data` JSON first, then text fields, then the files in the given order. */
export function buildUploadForm(options: Pick<UploadOptions, 'data' | 'fields' | 'files'>): FormData {
  const form = new FormData();
  if (options.data !== undefined) form.append('data', JSON.stringify(options.data));
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, String(value));
  for (const [name, value] of Object.entries(options.files ?? {})) {
    if (!value) continue;
    const list = Array.isArray(value) ? value : [value as File | Blob];
    for (const file of list) form.append(name, file, file instanceof File ? file.name : 'blob');
  }
  return form;
}

function report(status: number, path: string, silent: boolean | undefined): void {
  if (silent) return;
  const kind = errorToastFor(status, path);
  if (kind) toast.error(i18n.t(TOAST_KEYS[kind]), { id: `api-${kind}` });
}

/**
 * A multipart write through XMLHttpRequest, because fetch cannot report upload progress. Behaves
 * like `apiRequest`: bearer token + Accept-Language, the same success and error envelopes, a 401
 * with a token ends the session, the same error toasts, the same 300 s timeout.
 */
export function uploadForm<T>(path: string, options: UploadOptions = {}): Promise<Envelope<T>> {
  const { method = 'POST', onProgress, signal, silent } = options;
  const body = buildUploadForm(options);
  const token = getToken();

  return new Promise<Envelope<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.timeout = API_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    };

    const networkFailure = () => {
      report(0, path, silent);
      reject(new ApiError(0, 'NETWORK_ERROR', i18n.t('errors.network')));
    };
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const envelope = (json ?? {}) as Partial<Envelope<T>>;
        resolve({ data: envelope.data as T, message: envelope.message, meta: envelope.meta });
        return;
      }
      const failure = (json ?? {}) as { code?: ApiErrorCode; message?: string; details?: unknown };
      if (endsSession(xhr.status, token, getToken())) {
        dropToken();
        notifyUnauthorized();
      } else {
        report(xhr.status, path, silent);
      }
      reject(
        new ApiError(
          xhr.status,
          failure.code || `HTTP_${xhr.status}`,
          failure.message ?? i18n.t(xhr.status >= 500 ? 'errors.server' : 'errors.unknown'),
          failure.details,
        ),
      );
    };

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

/** One multipart route as an upload with progress: its path parameters, then the form and callbacks. */
export type Upload<C extends RouteContract> = (
  input: RouteInput<C> extends { params: infer P } ? { params: P } : Record<string, never>,
  options?: Omit<UploadOptions, 'method'>,
) => Promise<Envelope<RouteData<C>>>;

/**
 * The named multipart routes of a contract as typed uploads: method and path from the route table,
 * the reply's type from the contract, like `endpoints` for JSON calls.
 *
 *   const shopUploads = uploads<typeof shopAdminContract, 'create' | 'put'>(shopAdminRouteTable, ['create', 'put']);
 *   await shopUploads.put({ params: { id } }, { data: fields, files: { images }, onProgress });
 */
export function uploads<C extends Record<string, RouteContract>, K extends keyof C & string>(
  table: RouteTableOf<C>,
  names: readonly K[],
): { [N in K]: Upload<C[N]> } {
  const calls: Record<string, unknown> = {};
  for (const name of names) {
    const ref: RouteRef = table[name];
    const method = ref.method;
    if (!ref.multipart || method === 'GET' || method === 'DELETE') throw new Error(`${name} is not a multipart write`);
    calls[name] = (input: { params?: Record<string, unknown> }, options: UploadOptions = {}) =>
      uploadForm(fillPath(ref.path, input.params).slice(API_BASE.length), { ...options, method });
  }
  // As in `endpoints`: the reply's type is asserted here once, the server validates it.
  return calls as { [N in K]: Upload<C[N]> };
}

/**
 * Progress state for one upload at a time: pass `onProgress` to `uploadForm`, show `progress` in an
 * `<UploadProgressBar>`, `reset()` when the request settles.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const onProgress = useCallback((next: UploadProgress) => setProgress(next), []);
  const reset = useCallback(() => setProgress(null), []);
  return { progress, onProgress, reset };
}
