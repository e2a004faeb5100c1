/**
 * Adaptive streaming for the lesson player. When the lesson has HLS renditions, hls.js (its light
 * build, loaded lazily, only here) plays the master playlist through Media Source Extensions and
 * switches rendition by the measured bandwidth; Safari without MSE plays the same playlist
 * natively; a browser with neither, or a failure to load hls.js, keeps the MP4. The learner may
 * pin a rendition (`setLevel(height)`) or go back to automatic (`setLevel(null)`).
 *
 * A fatal network error (the signed path expired, 403) asks for fresh URLs and reloads the
 * playlist where playback was.
 */

import type HlsType from 'hls.js';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { warmLoader } from './hls-warm';
import { loadHls } from './load-hls';

export type HlsMode = 'off' | 'loading' | 'hls' | 'native' | 'mp4';

export interface HlsState {
  /** What plays: `off` = no renditions (MP4), `loading` = hls.js on its way, `mp4` = the fallback. */
  mode: HlsMode;
  /** Heights of the renditions, lowest first (hls.js only; native HLS picks on its own). */
  heights: number[];
  /** The pinned height, or null for automatic. */
  pinned: number | null;
  /** The height playing now, once known. */
  playing: number | null;
  setLevel(height: number | null): void;
}

const MPEGURL = 'application/vnd.apple.mpegurl';

export function useHls(
  video: RefObject<HTMLVideoElement | null>,
  src: string | null | undefined,
  options: { renew: () => Promise<string | null>; onReload: (at: number) => void },
): HlsState {
  const [mode, setMode] = useState<HlsMode>(src ? 'loading' : 'off');
  const [source, setSource] = useState(src ?? null);
  const [heights, setHeights] = useState<number[]>([]);
  const [pinned, setPinned] = useState<number | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const hls = useRef<HlsType | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;

  useEffect(() => {
    const element = video.current;
    if (!source || !element) {
      setMode('off');
      return;
    }
    let cancelled = false;
    let instance: HlsType | null = null;
    const supportsMse = typeof window !== 'undefined' && 'MediaSource' in window;
    if (!supportsMse) {
      if (element.canPlayType(MPEGURL)) {
        setMode('native');
        element.src = source;
      } else setMode('mp4');
      return;
    }
    setMode('loading');
    loadHls()
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          if (element.canPlayType(MPEGURL)) {
            setMode('native');
            element.src = source;
          } else setMode('mp4');
          return;
        }
        // Start on the lowest rendition (its first segments last one second): the first frame
        // comes after a small download on any connection, and the measured bandwidth then moves
        // playback up. Never above what the player's size shows.
        const created = new Hls({ startLevel: 0, capLevelToPlayerSize: true, loader: warmLoader(Hls) });
        instance = created;
        hls.current = created;
        created.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          const list = data.levels.map((level) => level.height);
          setHeights(list);
          const pin = pinnedRef.current;
          if (pin !== null && list.includes(pin)) created.currentLevel = list.indexOf(pin);
        });
        created.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
          setPlaying(created.levels[data.level]?.height ?? null);
        });
        created.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
            created.recoverMediaError();
            return;
          }
          const at = element.currentTime;
          void latest.current.renew().then((fresh) => {
            if (cancelled) return;
            if (fresh && fresh !== source) {
              latest.current.onReload(at);
              setSource(fresh);
            } else setMode('mp4');
          });
        });
        created.loadSource(source);
        created.attachMedia(element);
        setMode('hls');
      })
      .catch(() => {
        if (!cancelled) setMode('mp4');
      });
    return () => {
      cancelled = true;
      instance?.destroy();
      if (hls.current === instance) hls.current = null;
    };
  }, [source, video]);

  return {
    mode,
    heights,
    pinned,
    playing,
    setLevel(height) {
      setPinned(height);
      const instance = hls.current;
      if (!instance) return;
      const index = height === null ? -1 : instance.levels.findIndex((level) => level.height === height);
      instance.currentLevel = index;
    },
  };
}
