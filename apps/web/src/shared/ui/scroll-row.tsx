import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A row of links or chips that stays one line on a phone: it scrolls sideways, and a soft fade on
 * the side with more in it shows that there is more (hidden once the row is scrolled to that end).
 * The link marked `aria-current` is scrolled into view; a link reached by Tab scrolls itself in.
 */
export function ScrollRow({
  children,
  current,
  className = '',
}: {
  children: ReactNode;
  /** Changes when another item becomes the current one: it is then scrolled into view. */
  current?: string;
  className?: string;
}) {
  const row = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const element = row.current;
    if (!element) return;
    const start = element.scrollLeft > 4;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 4;
    setMore((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);

  useEffect(() => {
    const element = row.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current item changes
  useEffect(() => {
    const element = row.current;
    const item = element?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!element || !item) return;
    element.scrollLeft = Math.max(0, item.offsetLeft - (element.clientWidth - item.offsetWidth) / 2);
    measure();
  }, [current, measure]);

  return (
    <div className={`relative ${className}`}>
      <ul ref={row} onScroll={measure} className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 py-1">
        {children}
      </ul>
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute inset-y-0 left-0 w-10 bg-gradient-to-r from-cream to-transparent transition-opacity ${more.start ? 'opacity-100' : 'opacity-0'}`}
      />
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute inset-y-0 right-0 w-12 bg-gradient-to-l from-cream to-transparent transition-opacity ${more.end ? 'opacity-100' : 'opacity-0'}`}
      />
    </div>
  );
}
