import { buildUrl } from '../../../shared/api/client';
import { getToken } from '../../../shared/api/token';
import { currentLanguage } from '../../../shared/i18n/i18n';

export interface WatchedSegment {
  from: number;
  to: number;
}

const savedListeners = new Set<() => void>();

/** Called after each report the server accepted (the app marks the learner's progress stale). */
export function onProgressSaved(listener: () => void): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

/**
 * Reports where the viewer is in the lesson video and the stretches played since the last report
 * (what the server credits as watched). `keepalive` lets the last report finish while the page is
 * being left; failures are ignored (the next report or the next visit catches up).
 */
export function saveProgress(lessonId: string, positionSeconds: number, segments: WatchedSegment[] = []): void {
  const token = getToken();
  if (!token || !Number.isFinite(positionSeconds)) return;
  const body = {
    positionSeconds: Math.max(0, Math.floor(positionSeconds)),
    ...(segments.length > 0 ? { segments } : {}),
  };
  void fetch(buildUrl(`/training/lessons/${encodeURIComponent(lessonId)}/progress`), {
    method: 'PUT',
    keepalive: true,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Accept-Language': currentLanguage(),
    },
    body: JSON.stringify(body),
  })
    .then((response) => {
      if (response.ok) for (const listener of savedListeners) listener();
    })
    .catch(() => undefined);
}
