export function Spinner({ className = 'size-6' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-blush-200 border-t-rose-600 ${className}`}
    />
  );
}

/** A page-sized loading state with a spoken label (auth and access checks, lazy pages). */
export function PageLoader({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 py-20"
    >
      <Spinner className="size-10" />
      <p className="font-serif text-xl text-ink-soft italic">{label}</p>
    </div>
  );
}
