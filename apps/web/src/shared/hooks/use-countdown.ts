import { useEffect, useRef, useState } from 'react';

/** Success windows (order, PayPal) close by themselves after 10 seconds. */
export const AUTO_CLOSE_SECONDS = 10;

/** Counts down from `from` (0 = idle) and calls `onEnd` once at zero. */
export function useCountdown(from: number, onEnd: () => void): number {
  const [left, setLeft] = useState(from);
  const end = useRef(onEnd);
  end.current = onEnd;

  useEffect(() => {
    setLeft(from);
    if (from <= 0) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const remaining = from - Math.floor((Date.now() - startedAt) / 1000);
      setLeft(Math.max(remaining, 0));
      if (remaining <= 0) {
        window.clearInterval(timer);
        end.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [from]);

  return left;
}
