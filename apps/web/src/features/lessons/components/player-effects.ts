/**
 * The lesson player's small effects, each a hook of its own: the drifting watermark, the save when
 * the page is left, speed, the A–B loop, the real frame duration, and full screen / picture-in-picture.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { saveProgress } from '../api/save-progress';
import type { WatchTracker } from './watched-segments';

/** How often the email overlay moves to another spot. */
const OVERLAY_MOVE_MS = 6000;
/** One frame until the video tells its real frame rate (24 fps: one step always moves at 24–30 fps). */
const DEFAULT_FRAME_SECONDS = 1 / 24;

export interface Loop {
  a: number | null;
  b: number | null;
}

/** A polite live region: the same words said twice in a row are still spoken. */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    setMessage((previous) => (previous === text ? `${text}\u00a0` : text));
  }, []);
  return { message, announce };
}

/** A spot for the overlay, kept inside the frame. */
function randomSpot(): { left: number; top: number } {
  return { left: 5 + Math.random() * 55, top: 6 + Math.random() * 62 };
}

/** Where the watermark is now; it moves every few seconds. */
export function useWatermarkSpot() {
  const [spot, setSpot] = useState(randomSpot);
  useEffect(() => {
    const timer = setInterval(() => setSpot(randomSpot()), OVERLAY_MOVE_MS);
    return () => clearInterval(timer);
  }, []);
  return spot;
}

/** Saves the position (with what was played) when the page is left or the player goes away. */
export function useSaveOnLeave(video: RefObject<HTMLVideoElement | null>, lessonId: string, watched: WatchTracker) {
  useEffect(() => {
    const element = video.current;
    const save = () => {
      if (element && element.currentTime > 0) saveProgress(lessonId, element.currentTime, watched.take());
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [video, lessonId, watched]);
}

/** The video plays at the chosen speed. */
export function useSpeed(video: RefObject<HTMLVideoElement | null>, speed: number) {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.defaultPlaybackRate = speed;
    element.playbackRate = speed;
  }, [video, speed]);
}

/** The A–B loop: back to A whenever playback reaches B (checked every frame while playing). */
export function useLoopWatch(video: RefObject<HTMLVideoElement | null>, playing: boolean, loop: Loop) {
  useEffect(() => {
    if (!playing || loop.a === null || loop.b === null) return;
    const { a, b } = loop;
    let frame = 0;
    const tick = () => {
      const element = video.current;
      if (element && element.currentTime >= b) element.currentTime = a;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [video, playing, loop]);
}

/** The real frame duration, learnt from the frames the video presents while it plays. */
export function useFrameDuration(video: RefObject<HTMLVideoElement | null>) {
  const frameSeconds = useRef(DEFAULT_FRAME_SECONDS);
  useEffect(() => {
    const element = video.current;
    if (!element || !('requestVideoFrameCallback' in element)) return;
    let last: { time: number; frames: number } | null = null;
    let handle = 0;
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (last && meta.presentedFrames - last.frames === 1) {
        const step = meta.mediaTime - last.time;
        if (step > 1 / 121 && step < 1 / 9) frameSeconds.current = step;
      }
      last = { time: meta.mediaTime, frames: meta.presentedFrames };
      handle = element.requestVideoFrameCallback(onFrame);
    };
    handle = element.requestVideoFrameCallback(onFrame);
    return () => element.cancelVideoFrameCallback(handle);
  }, [video]);
  return frameSeconds;
}

/** Full screen and picture-in-picture state, whoever started them. */
export function useFullscreenAndPip(root: RefObject<HTMLElement | null>, video: RefObject<HTMLVideoElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  useEffect(() => {
    const v = video.current;
    const onFullscreen = () => setFullscreen(document.fullscreenElement === root.current);
    const onEnterPip = () => setPip(true);
    const onLeavePip = () => setPip(false);
    document.addEventListener('fullscreenchange', onFullscreen);
    v?.addEventListener('enterpictureinpicture', onEnterPip);
    v?.addEventListener('leavepictureinpicture', onLeavePip);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreen);
      v?.removeEventListener('enterpictureinpicture', onEnterPip);
      v?.removeEventListener('leavepictureinpicture', onLeavePip);
    };
  }, [root, video]);
  return { fullscreen, pip };
}
