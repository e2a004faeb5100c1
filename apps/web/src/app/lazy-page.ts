import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { laterTextsReady } from '../shared/i18n/i18n';

/** A lazy chunk that has not arrived in 120 s counts as failed (the error boundary shows). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * React.lazy for a named export, with the chunk timeout. The page shows once its texts are in too:
 * a page rendered in the browser may read the later texts (see shared/i18n); the server-rendered
 * page hydrating does not wait for them.
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    withTimeout(Promise.all([load(), laterTextsReady()]), CHUNK_LOAD_TIMEOUT_MS).then(([module]) => ({
      default: module[name],
    })),
  );
}
