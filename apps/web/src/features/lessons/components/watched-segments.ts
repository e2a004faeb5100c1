/**
 * The stretches of video the learner actually played, for the progress reports: a stretch grows
 * with the position while the video plays and ends at a jump (a seek, the A–B loop going back, a
 * chapter), a pause or the end. Each report takes what was played since the previous one; the
 * server merges, clips and rate-limits them (docs/decisions/0044). A position alone is never
 * watching: skipping to the end plays nothing.
 */
import { PROGRESS_SEGMENTS_MAX } from '@atelier/shared/progress.constants';

/** Larger steps between two position updates while playing are jumps, not playback (updates come ~4× a second). */
const MAX_STEP_SECONDS = 2.5;

export interface Segment {
  from: number;
  to: number;
}

export function createWatchTracker() {
  let from: number | null = null;
  let last = 0;
  let done: Segment[] = [];

  const close = () => {
    if (from !== null && last > from) done.push({ from, to: last });
    from = null;
  };

  return {
    /** The video is playing and is now at `time`. */
    played(time: number) {
      if (!Number.isFinite(time)) return;
      if (from !== null && (time < last || time - last > MAX_STEP_SECONDS)) close();
      if (from === null) from = time;
      last = time;
    },
    /** A jump, a pause or the end: the current stretch stops where playback last was. */
    cut() {
      close();
    },
    /** The stretches played since the last call (the one going on continues from here); the latest when there are many. */
    take(): Segment[] {
      if (from !== null && last > from) {
        done.push({ from, to: last });
        from = last;
      }
      const taken = done.slice(-PROGRESS_SEGMENTS_MAX);
      done = [];
      return taken;
    },
  };
}
export type WatchTracker = ReturnType<typeof createWatchTracker>;
