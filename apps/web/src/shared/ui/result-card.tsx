import { type ReactNode, useId } from 'react';

const TONES = {
  success: 'bg-sage-100 text-sage-700',
  neutral: 'bg-blush-100 text-rose-700',
} as const;

/** A centred card with a round icon and the page's h1: the end of a flow (order placed, payment result). */
export function ResultCard({
  icon,
  title,
  tone = 'neutral',
  role,
  children,
}: {
  /** Left out: no badge above the title (the card's content is the picture, e.g. a QR code). */
  icon?: ReactNode;
  title: string;
  tone?: keyof typeof TONES;
  /** `status` when the whole card is news to announce. */
  role?: 'status';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="container-page flex min-h-[60vh] items-center justify-center py-16">
      <div className="card max-w-lg px-8 py-12 text-center" role={role}>
        {icon ? (
          <span className={`mx-auto inline-flex size-16 items-center justify-center rounded-full ${TONES[tone]}`}>
            {icon}
          </span>
        ) : null}
        <h1 id={titleId} className={icon ? 'mt-6 text-4xl' : 'text-4xl'}>
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
