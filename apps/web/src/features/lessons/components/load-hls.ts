/**
 * hls.js (its light build), loaded once. The lesson page starts this as soon as it knows the lesson
 * has renditions, in parallel with the player's own chunk, so the player finds it there.
 */
let loading: Promise<typeof import('hls.js/light')> | null = null;

export function loadHls(): Promise<typeof import('hls.js/light')> {
  loading ??= import('hls.js/light').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
