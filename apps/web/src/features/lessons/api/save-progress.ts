import { buildUrl } from '../../../shared/api/client';
import { getToken } from '../../../shared/api/token';
import { currentLanguage } from '../../../shared/i18n/i18n';

/**
 * Saves where the viewer is in the lesson video. `keepalive` lets the last save finish while the
 * page is being left; failures are ignored (the next save or the next visit catches up).
 */
export function saveProgress(lessonId: string, positionSeconds: number): void {
  const token = getToken();
  if (!token || !Number.isFinite(positionSeconds)) return;
  void fetch(buildUrl(`/training/lessons/${encodeURIComponent(lessonId)}/progress`), {
    method: 'PUT',
    keepalive: true,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Accept-Language': currentLanguage(),
    },
    body: JSON.stringify({ positionSeconds: Math.max(0, Math.floor(positionSeconds)) }),
  }).catch(() => undefined);
}
