/** The lesson player's presentational parts: its buttons, the seek bar, the shortcut list and the chapter list. */
import type { Chapter } from '@atelier/shared';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Loop } from './player-effects';
import { formatTime, SHORTCUT_HELP } from './player-keys';

/** The position slider with the A–B loop and the chapter marks under it, between the elapsed time and the length. */
export function SeekBar({
  time,
  duration,
  loop,
  chapters,
  onSeek,
}: {
  time: number;
  duration: number;
  loop: Loop;
  chapters: Chapter[];
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const position = t('player.positionText', { time: formatTime(time), duration: formatTime(duration) });
  const percent = (seconds: number) => (duration > 0 ? `${Math.min(100, (seconds / duration) * 100)}%` : '0%');
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="w-12 shrink-0 text-right text-xs tabular-nums text-ink-soft">
        {formatTime(time)}
      </span>
      <div className="relative min-w-0 flex-1">
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-1/2 h-2 -translate-y-1/2">
          {loop.a !== null ? (
            <span
              className="absolute inset-y-0 rounded-full bg-gold-300"
              style={{
                left: percent(loop.a),
                width: loop.b !== null ? `calc(${percent(loop.b)} - ${percent(loop.a)})` : '2px',
              }}
            />
          ) : null}
          {chapters.map((chapter) => (
            <span
              key={chapter.startSeconds}
              className="absolute inset-y-0 w-0.5 bg-rose-800"
              style={{ left: percent(chapter.startSeconds) }}
            />
          ))}
        </div>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          onChange={(event) => onSeek(Number(event.target.value))}
          aria-label={t('player.position')}
          aria-valuetext={position}
          className="relative block w-full accent-rose-600"
          data-testid="player-seek"
        />
      </div>
      <span
        aria-hidden="true"
        className="w-12 shrink-0 text-xs tabular-nums text-ink-soft"
        data-testid="player-duration"
      >
        {formatTime(duration)}
      </span>
    </div>
  );
}

/** The list of the player's keys, shown by the keyboard button. */
export function ShortcutHelp({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation();
  return (
    <div id={id} hidden={!open} className="mt-3 border-t border-line pt-3">
      <p className="text-sm font-bold text-ink">{t('player.shortcuts')}</p>
      <p className="mt-1 text-sm text-ink-soft">{t('player.shortcutsHint')}</p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {SHORTCUT_HELP.map((item) => (
          <div key={item.action} className="contents">
            <dt className="font-semibold">
              {item.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' / ' : null}
                  <kbd className="rounded border border-line bg-white px-1.5 font-sans">
                    {key === 'Space' ? t('player.keys.space') : key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd className="text-ink-soft">{t(`player.keys.${item.action}`)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The lesson's chapters; the one playing is marked, a click jumps to one. */
export function ChapterList({
  headingId,
  chapters,
  current,
  titleOf,
  onJump,
}: {
  headingId: string;
  chapters: Chapter[];
  current: number;
  titleOf: (chapter: Chapter) => string;
  onJump: (chapter: Chapter) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="mb-3 text-2xl">
        {t('player.chapters')}
      </h2>
      <ol className="grid grid-cols-1 gap-2" data-testid="player-chapters">
        {chapters.map((chapter, index) => (
          <li key={chapter.startSeconds} className="min-w-0">
            <button
              type="button"
              onClick={() => onJump(chapter)}
              aria-current={index === current ? 'true' : undefined}
              className="flex w-full min-w-0 items-baseline gap-3 rounded-2xl border border-line bg-ivory px-4 py-2.5 text-left hover:border-rose-400 aria-[current=true]:border-rose-600 aria-[current=true]:bg-blush-100"
            >
              <span className="shrink-0 text-sm tabular-nums text-rose-800">{formatTime(chapter.startSeconds)}</span>
              <span className="min-w-0 wrap-anywhere font-medium">{titleOf(chapter)}</span>
              {index === current ? (
                <span className="ml-auto shrink-0 text-xs font-semibold text-rose-800">{t('player.nowPlaying')}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ControlButton({
  label,
  keys,
  onClick,
  pressed,
  expanded,
  controls,
  testId,
  children,
}: {
  label: string;
  keys?: string;
  onClick: () => void;
  pressed?: boolean;
  expanded?: boolean;
  controls?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={keys ? `${label} (${keys})` : label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-keyshortcuts={keys ? KEY_NAMES[keys] : undefined}
      data-testid={testId}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-blush-100 hover:text-rose-800 aria-pressed:bg-rose-600 aria-pressed:text-white aria-expanded:bg-blush-100"
    >
      {children}
    </button>
  );
}

/** aria-keyshortcuts names of the keys shown on the buttons. */
const KEY_NAMES: Record<string, string> = {
  K: 'K Space',
  J: 'J ArrowLeft',
  L: 'L ArrowRight',
  ',': 'Comma',
  '.': 'Period',
  M: 'M',
  A: 'A',
  B: 'B',
  R: 'R',
  P: 'P',
  F: 'F',
};
