import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicTask } from './periodic';

afterEach(() => {
  vi.useRealTimers();
});

describe('periodic task', () => {
  it('runs one pass at a time: a second runNow waits for the first', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const task = createPeriodicTask({ pass: async () => 'timer', intervalMs: 1000, onError: () => {} });
    const a = task.runNow(async () => {
      order.push('a start');
      await first;
      order.push('a end');
      return 'a';
    });
    const b = task.runNow(async () => {
      order.push('b');
      return 'b';
    });
    await Promise.resolve();
    expect(order).toEqual(['a start']);
    release();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(order).toEqual(['a start', 'a end', 'b']);
  });

  it('a failed timer pass is reported and the next tick runs again; stop ends the ticks', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const task = createPeriodicTask({
      pass: async () => {
        calls++;
        if (calls === 1) throw new Error('database unreachable');
        return calls;
      },
      intervalMs: 1000,
      onError: (error) => errors.push(error),
    });
    task.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await task.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('a failed runNow rejects to its caller and does not block the next pass', async () => {
    const task = createPeriodicTask({ pass: async () => 1, intervalMs: 1000, onError: () => {} });
    await expect(
      task.runNow(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await task.runNow()).toBe(1);
  });
});
