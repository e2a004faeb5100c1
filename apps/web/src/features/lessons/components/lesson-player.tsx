import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveProgress } from '../api/save-progress';

/** Seconds between two saves of the position while the video plays. */
const SAVE_EVERY_SECONDS = 5;
/** How often the email overlay moves to another spot. */
const OVERLAY_MOVE_MS = 6000;

function formatTime(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** A spot for the overlay, kept inside the frame and away from the control bar. */
function randomSpot(): { left: number; top: number } {
  return { left: 5 + Math.random() * 55, top: 6 + Math.random() * 62 };
}

interface LessonPlayerProps {
  lessonId: string;
  title: string;
  /** Signed, short-lived URL of the video. */
  src: string;
  poster?: string | undefined;
  /** Where the viewer stopped last time. */
  startAt: number;
  /** The buyer's email, shown faintly over the picture (discourages screen recording and sharing). */
  watermark: string;
  /** Fresh signed URLs when the current one has expired (the player asks after a load error). */
  renew: () => Promise<string | null>;
}

/**
 * The purchased lesson's video: resumes at the saved position, saves it while playing, on pause,
 * after seeking and when the page is left; renews the signed URL if it expires mid-lesson.
 */
export function LessonPlayer({ lessonId, title, src, poster, startAt, watermark, renew }: LessonPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [source, setSource] = useState(src);
  const [spot, setSpot] = useState(randomSpot);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const lastSaved = useRef(startAt);
  /** Where to seek once metadata is loaded: the saved position first, then the spot before a renewal. */
  const pendingSeek = useRef<number | null>(startAt > 0 ? startAt : null);
  const renewing = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => setSpot(randomSpot()), OVERLAY_MOVE_MS);
    return () => clearInterval(timer);
  }, []);

  // Leaving the page (or the lesson) saves the exact position.
  useEffect(() => {
    const element = video.current;
    const save = () => {
      if (element && element.currentTime > 0) saveProgress(lessonId, element.currentTime);
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [lessonId]);

  const onLoadedMetadata = () => {
    const element = video.current;
    const target = pendingSeek.current;
    if (!element || target === null) return;
    pendingSeek.current = null;
    // A position in the last moments (5 s, or a tenth of a short clip) means it was finished: start again.
    if (Number.isFinite(element.duration) && element.duration - target < Math.min(5, element.duration / 10)) return;
    element.currentTime = target;
    if (target === startAt) setResumedAt(target);
  };

  const onTimeUpdate = () => {
    const element = video.current;
    if (!element) return;
    if (Math.abs(element.currentTime - lastSaved.current) >= SAVE_EVERY_SECONDS) {
      lastSaved.current = element.currentTime;
      saveProgress(lessonId, element.currentTime);
    }
  };

  const saveNow = () => {
    const element = video.current;
    if (!element) return;
    lastSaved.current = element.currentTime;
    saveProgress(lessonId, element.currentTime);
  };

  const onError = async () => {
    const element = video.current;
    if (!element || renewing.current) return;
    renewing.current = true;
    try {
      const fresh = await renew();
      if (fresh && fresh !== source) {
        pendingSeek.current = element.currentTime || lastSaved.current;
        setSource(fresh);
      }
    } finally {
      renewing.current = false;
    }
  };

  return (
    <div className="relative size-full">
      {/* biome-ignore lint/a11y/useMediaCaption: lesson videos are uploaded by the artisan without caption tracks */}
      <video
        ref={video}
        controls
        controlsList="nodownload"
        disablePictureInPicture
        preload="metadata"
        poster={poster}
        src={source}
        className="size-full bg-ink"
        aria-label={title}
        data-testid="lesson-video"
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={onTimeUpdate}
        onPause={saveNow}
        onSeeked={saveNow}
        onError={() => void onError()}
        onContextMenu={(event) => event.preventDefault()}
      />
      <span
        aria-hidden="true"
        data-testid="video-watermark"
        className="pointer-events-none absolute select-none text-xs font-semibold text-white/30 transition-all duration-[3000ms] ease-in-out motion-reduce:transition-none sm:text-sm"
        style={{ left: `${spot.left}%`, top: `${spot.top}%`, textShadow: '0 1px 2px rgb(0 0 0 / 0.35)' }}
      >
        {watermark}
      </span>
      {resumedAt !== null ? (
        <p className="sr-only" role="status">
          {t('training.resumedAt', { time: formatTime(resumedAt) })}
        </p>
      ) : null}
    </div>
  );
}
