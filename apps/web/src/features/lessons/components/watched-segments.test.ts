import { describe, expect, it } from 'vitest';
import { createWatchTracker } from './watched-segments';

/** Position updates every quarter second from `from` to `to` at `rate`× speed. */
function play(tracker: ReturnType<typeof createWatchTracker>, from: number, to: number, rate = 1) {
  for (let time = from; time <= to + 1e-9; time += 0.25 * rate) tracker.played(time);
}

describe('the watch tracker', () => {
  it('playing from 0 to 10 is one stretch', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 10);
    expect(tracker.take()).toEqual([{ from: 0, to: 10 }]);
  });

  it('a report takes what was played since the last one; playback goes on from there', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 5);
    expect(tracker.take()).toEqual([{ from: 0, to: 5 }]);
    play(tracker, 5.25, 9);
    expect(tracker.take()).toEqual([{ from: 5, to: 9 }]);
    expect(tracker.take()).toEqual([]);
  });

  it('a seek ends the stretch; the skipped part is not played', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 4);
    tracker.cut();
    play(tracker, 60, 62);
    expect(tracker.take()).toEqual([
      { from: 0, to: 4 },
      { from: 60, to: 62 },
    ]);
  });

  it('a jump without a seek event (a big step, or going back) also ends the stretch', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 3);
    play(tracker, 30, 31);
    play(tracker, 10, 11);
    expect(tracker.take()).toEqual([
      { from: 0, to: 3 },
      { from: 30, to: 31 },
      { from: 10, to: 11 },
    ]);
  });

  it('2× playback is still one stretch', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 20, 2);
    expect(tracker.take()).toEqual([{ from: 0, to: 20 }]);
  });

  it('jumping to the end and stopping there plays nothing', () => {
    const tracker = createWatchTracker();
    tracker.played(599);
    tracker.cut();
    expect(tracker.take()).toEqual([]);
  });

  it('never sends more than 50 stretches at once (the latest ones)', () => {
    const tracker = createWatchTracker();
    for (let i = 0; i < 60; i++) {
      play(tracker, i * 10, i * 10 + 1);
      tracker.cut();
    }
    const taken = tracker.take();
    expect(taken).toHaveLength(50);
    expect(taken[49]).toEqual({ from: 590, to: 591 });
  });
});
