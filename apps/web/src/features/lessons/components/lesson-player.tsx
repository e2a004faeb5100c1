/**
 * The purchased lesson's player, made for learning a hand technique: speed from ¼ to 2×, an A–B
 * loop of one movement (kept while seeking), a mirrored picture for left-handed learners, 10-second
 * jumps, frame-by-frame steps, chapters, subtitles per language, picture-in-picture and full
 * screen. Built on the native <video> with its own controls (loaded lazily, for purchasers only);
 * every control is a labelled button, select or slider, every action has a key while the player
 * has focus, and what an action did is said in a polite live region. Speed, mirror and the
 * subtitle choice are the learner's account settings. The protections stay: the video and the
 * subtitles come from short-lived signed URLs (renewed on an error), the buyer's email drifts over
 * the picture (also in full screen), and the position is saved and resumed. Each save also reports
 * the stretches actually played (watched-segments.ts), which the server counts as watched.
 */
import type { Chapter, Language } from '@atelier/shared';
import { localize } from '@atelier/shared/i18n';
import { PLAYBACK_RATES, type PlaybackRate } from '@atelier/shared/lesson-player.constants';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { formatPercent } from '../../../shared/format/percent';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { saveProgress } from '../api/save-progress';
import {
  type Loop,
  useAnnouncer,
  useFrameDuration,
  useFullscreenAndPip,
  useLoopWatch,
  useSaveOnLeave,
  useSpeed,
  useWatermarkSpot,
} from './player-effects';
import {
  BackTenGlyph,
  ForwardTenGlyph,
  FrameNextGlyph,
  FramePrevGlyph,
  FullscreenGlyph,
  KeyboardGlyph,
  MirrorGlyph,
  PauseGlyph,
  PipGlyph,
  PlayGlyph,
  SubtitlesGlyph,
  VolumeGlyph,
} from './player-icons';
import { actionForKey, chapterAt, focusKindOf, formatTime, nextRate, type PlayerAction } from './player-keys';
import { ChapterList, ControlButton, SeekBar, ShortcutHelp } from './player-parts';
import { useHls } from './use-hls';
import { useLearnerSettings } from './use-learner-settings';
import { useSubtitles } from './use-subtitles';
import { createWatchTracker } from './watched-segments';

/** Seconds between two saves of the position while the video plays. */
const SAVE_EVERY_SECONDS = 5;
/** Seconds of one jump back or forward. */
const JUMP_SECONDS = 10;

export interface LessonPlayerProps {
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
  /** The lesson's chapters by start time. */
  chapters: Chapter[];
  /** Signed URLs of the WebVTT subtitles per language (the latest; a loaded track keeps its own). */
  subtitles: Partial<Record<Language, string>>;
  /** Signed URL of the HLS master playlist when the lesson has renditions (played instead of `src`). */
  hls?: string | null | undefined;
  /** A fresh HLS URL when the current one has expired. */
  renewHls?: () => Promise<string | null>;
}

export function LessonPlayer({
  lessonId,
  title,
  src,
  poster,
  startAt,
  watermark,
  renew,
  chapters,
  subtitles,
  hls,
  renewHls,
}: LessonPlayerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ids = useId();
  const root = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const tracks = useRef(new Map<Language, HTMLTrackElement>());
  const [source, setSource] = useState(src);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(startAt);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [loop, setLoop] = useState<Loop>({ a: null, b: null });
  const [helpOpen, setHelpOpen] = useState(false);
  const { message, announce } = useAnnouncer();
  const lastSaved = useRef(startAt);
  /** Where to seek once metadata is loaded: the saved position first, then the spot before a renewal. */
  const pendingSeek = useRef<number | null>(startAt > 0 ? startAt : null);
  const renewing = useRef(false);
  const [watched] = useState(createWatchTracker);
  /** Saves the position with what was played since the last save. */
  const report = (seconds: number) => saveProgress(lessonId, seconds, watched.take());
  const stream = useHls(video, hls, {
    renew: renewHls ?? (async () => null),
    onReload: (at) => {
      pendingSeek.current = at;
    },
  });
  /** The MP4 plays when there are no renditions or they cannot be played here; hls.js or Safari otherwise. */
  const mp4 = stream.mode === 'off' || stream.mode === 'mp4';
  const chooseQuality = (value: string) => {
    const height = value === 'auto' ? null : Number(value);
    stream.setLevel(height);
    announce(height === null ? t('player.qualityAuto') : t('player.qualityHeight', { height }));
  };

  // ---- settings kept on the account
  const { settings, changeSettings } = useLearnerSettings();

  // ---- subtitles: the interface language first; a track keeps the URL it loaded with
  const { subtitleLanguages, shownSubtitles, trackSource, onTrackError, caption } = useSubtitles({
    subtitles,
    language,
    choice: settings.subtitles,
    tracks,
  });

  // ---- the watermark moves; the position is saved when the page is left
  const spot = useWatermarkSpot();
  useSaveOnLeave(video, lessonId, watched);

  // ---- speed and mirror follow the settings
  useSpeed(video, settings.speed);

  // ---- the A–B loop: back to A whenever playback reaches B (checked every frame while playing)
  useLoopWatch(video, playing, loop);

  // ---- the real frame duration, learnt from the frames the video presents while it plays
  const frameSeconds = useFrameDuration(video);

  // ---- full screen and picture-in-picture state, whoever started them
  const { fullscreen, pip } = useFullscreenAndPip(root, video);

  const rateText = (rate: number) => `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(rate)}×`;
  const languageName = (lang: Language) => t(`header.languageNames.${lang}`);
  const chapterIndex = chapterAt(chapters, time);
  const chapterTitle = (chapter: Chapter) => localize(chapter.title, language);
  const pipSupported = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;

  // ---- actions (buttons and keys)
  const element = () => video.current;

  const seekTo = (target: number) => {
    const v = element();
    if (!v) return;
    const end = Number.isFinite(v.duration) ? v.duration : target;
    v.currentTime = Math.min(Math.max(0, target), end);
    setTime(v.currentTime);
  };

  const togglePlay = () => {
    const v = element();
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };

  const jump = (seconds: number) => {
    const v = element();
    if (!v) return;
    seekTo(v.currentTime + seconds);
    announce(t(seconds < 0 ? 'player.announce.back' : 'player.announce.forward', { time: formatTime(v.currentTime) }));
  };

  const stepFrame = (direction: -1 | 1) => {
    const v = element();
    if (!v) return;
    v.pause();
    seekTo(v.currentTime + direction * frameSeconds.current);
    announce(t('player.announce.frame', { time: formatTime(v.currentTime) }));
  };

  const changeSpeed = (speed: PlaybackRate) => {
    changeSettings({ speed });
    announce(t('player.announce.speed', { rate: rateText(speed) }));
  };

  const setLoopStart = () => {
    const v = element();
    if (!v) return;
    const a = v.currentTime;
    setLoop((current) => ({ a, b: current.b !== null && current.b > a ? current.b : null }));
    if (loop.b !== null && loop.b > a) {
      announce(t('player.announce.loopSet', { from: formatTime(a), to: formatTime(loop.b) }));
    } else {
      announce(t('player.announce.loopStart', { time: formatTime(a) }));
    }
  };

  const setLoopEnd = () => {
    const v = element();
    if (!v) return;
    const b = v.currentTime;
    const a = loop.a ?? 0;
    if (b <= a) {
      announce(t('player.announce.loopEndBeforeStart', { time: formatTime(a) }));
      return;
    }
    setLoop({ a, b });
    announce(t('player.announce.loopSet', { from: formatTime(a), to: formatTime(b) }));
  };

  const clearLoop = () => {
    setLoop({ a: null, b: null });
    announce(t('player.announce.loopCleared'));
  };

  const toggleMirror = () => {
    changeSettings({ mirrored: !settings.mirrored });
    announce(t(settings.mirrored ? 'player.announce.mirrorOff' : 'player.announce.mirrorOn'));
  };

  const chooseSubtitles = (choice: Language | 'off') => {
    changeSettings({ subtitles: choice });
    announce(
      choice === 'off'
        ? t('player.announce.subtitlesOff')
        : t('player.announce.subtitles', { language: languageName(choice) }),
    );
  };

  const cycleSubtitles = () => {
    if (subtitleLanguages.length === 0) return;
    const order: (Language | 'off')[] = ['off', ...subtitleLanguages];
    const index = order.indexOf(shownSubtitles ?? 'off');
    chooseSubtitles(order[(index + 1) % order.length] ?? 'off');
  };

  const toggleMute = () => {
    const v = element();
    if (!v) return;
    v.muted = !v.muted;
    announce(t(v.muted ? 'player.announce.muted' : 'player.announce.unmuted'));
  };

  const toggleFullscreen = async () => {
    const box = root.current;
    const v = element();
    if (!box || !v) return;
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else if (box.requestFullscreen) await box.requestFullscreen();
      else (v as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
    } catch {
      announce(t('player.announce.unavailable'));
    }
  };

  const togglePip = async () => {
    const v = element();
    if (!v || !pipSupported) return;
    try {
      if (document.pictureInPictureElement) await document.exitPictureInPicture();
      else await v.requestPictureInPicture();
    } catch {
      announce(t('player.announce.unavailable'));
    }
  };

  const jumpToChapter = (chapter: Chapter) => {
    seekTo(chapter.startSeconds);
    announce(t('player.announce.chapter', { title: chapterTitle(chapter), time: formatTime(chapter.startSeconds) }));
  };

  const run: Record<PlayerAction, () => void> = {
    togglePlay,
    back: () => jump(-JUMP_SECONDS),
    forward: () => jump(JUMP_SECONDS),
    framePrev: () => stepFrame(-1),
    frameNext: () => stepFrame(1),
    slower: () => changeSpeed(nextRate(PLAYBACK_RATES, settings.speed, -1)),
    faster: () => changeSpeed(nextRate(PLAYBACK_RATES, settings.speed, 1)),
    loopStart: setLoopStart,
    loopEnd: setLoopEnd,
    loopClear: clearLoop,
    mirror: toggleMirror,
    subtitles: cycleSubtitles,
    fullscreen: () => void toggleFullscreen(),
    pip: () => void togglePip(),
    mute: toggleMute,
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = actionForKey(event, focusKindOf(event.target));
    if (!action) return;
    event.preventDefault();
    run[action]();
  };

  // ---- media events
  const onLoadedMetadata = (v: HTMLVideoElement) => {
    setDuration(Number.isFinite(v.duration) ? v.duration : 0);
    v.defaultPlaybackRate = settings.speed;
    v.playbackRate = settings.speed;
    const target = pendingSeek.current;
    if (target === null) return;
    pendingSeek.current = null;
    // A position in the last moments (5 s, or a tenth of a short clip) means it was finished: start again.
    if (Number.isFinite(v.duration) && v.duration - target < Math.min(5, v.duration / 10)) {
      setTime(0);
      return;
    }
    v.currentTime = target;
    setTime(target);
    if (target === startAt) announce(t('training.resumedAt', { time: formatTime(target) }));
  };

  // The element starts loading while React renders it: on a fast connection its metadata can be
  // there before the handlers are connected, so the mount looks for itself.
  const metadataOnMount = useRef(onLoadedMetadata);
  metadataOnMount.current = onLoadedMetadata;
  useEffect(() => {
    const v = video.current;
    if (v && v.readyState >= HTMLMediaElement.HAVE_METADATA) metadataOnMount.current(v);
  }, []);

  const onTimeUpdate = () => {
    const v = element();
    if (!v) return;
    // The animation-frame check stops in a background tab; this one keeps the loop there.
    if (loop.a !== null && loop.b !== null && v.currentTime >= loop.b) v.currentTime = loop.a;
    setTime(v.currentTime);
    if (!v.paused && !v.seeking) watched.played(v.currentTime);
    if (Math.abs(v.currentTime - lastSaved.current) >= SAVE_EVERY_SECONDS) {
      lastSaved.current = v.currentTime;
      report(v.currentTime);
    }
  };

  const saveNow = () => {
    const v = element();
    if (!v) return;
    watched.cut();
    lastSaved.current = v.currentTime;
    report(v.currentTime);
  };

  const onEnded = () => {
    const v = element();
    if (v && loop.a !== null && loop.b !== null) {
      v.currentTime = loop.a;
      void v.play().catch(() => undefined);
      return;
    }
    setPlaying(false);
    saveNow();
  };

  const onError = async () => {
    const v = element();
    if (!v || renewing.current) return;
    renewing.current = true;
    try {
      const fresh = await renew();
      if (fresh && fresh !== source) {
        pendingSeek.current = v.currentTime || lastSaved.current;
        setSource(fresh);
      }
    } finally {
      renewing.current = false;
    }
  };

  const onVolume = (event: SyntheticEvent<HTMLVideoElement>) => {
    setMuted(event.currentTarget.muted);
    setVolume(event.currentTarget.volume);
  };

  const loopText =
    loop.a !== null && loop.b !== null
      ? t('player.loopRange', { from: formatTime(loop.a), to: formatTime(loop.b) })
      : loop.a !== null
        ? t('player.loopFrom', { from: formatTime(loop.a) })
        : null;
  const current = chapters[chapterIndex];
  const helpId = `${ids}-help`;

  return (
    <div className="min-w-0">
      {/* The keys act while focus is inside the player; a click on the picture focuses it (tabIndex -1). */}
      <section
        ref={root}
        aria-label={t('player.region', { title })}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={fullscreen ? 'flex h-full flex-col bg-ink p-3' : 'outline-none'}
        data-testid="lesson-player"
        data-stream={stream.mode}
        data-stream-height={stream.playing ?? undefined}
      >
        <div
          className={
            fullscreen
              ? 'relative min-h-0 flex-1 overflow-hidden bg-ink'
              : 'relative aspect-video overflow-hidden rounded-3xl bg-ink shadow-soft'
          }
        >
          {/* biome-ignore lint/a11y/useMediaCaption: the subtitle tracks are rendered below, one per language the lesson has */}
          <video
            ref={video}
            controlsList="nodownload"
            preload="metadata"
            playsInline
            poster={poster}
            src={mp4 ? source : undefined}
            className="size-full bg-ink object-contain"
            style={settings.mirrored ? { transform: 'scaleX(-1)' } : undefined}
            aria-label={title}
            data-testid="lesson-video"
            data-mirrored={settings.mirrored}
            onClick={togglePlay}
            onPlay={(event) => {
              setPlaying(true);
              watched.played(event.currentTarget.currentTime);
            }}
            onPause={() => {
              setPlaying(false);
              saveNow();
            }}
            onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
            onDurationChange={(event) => {
              const d = event.currentTarget.duration;
              if (Number.isFinite(d)) setDuration(d);
            }}
            onTimeUpdate={onTimeUpdate}
            onSeeking={() => watched.cut()}
            onSeeked={() => {
              setTime(element()?.currentTime ?? 0);
              saveNow();
            }}
            onEnded={onEnded}
            onVolumeChange={onVolume}
            onError={() => void onError()}
            onContextMenu={(event) => event.preventDefault()}
          >
            {subtitleLanguages.map((lang) => (
              <track
                key={lang}
                ref={(node) => {
                  if (node) tracks.current.set(lang, node);
                  else tracks.current.delete(lang);
                }}
                kind="subtitles"
                srcLang={lang}
                label={languageName(lang)}
                src={trackSource(lang)}
                onError={() => onTrackError(lang)}
              />
            ))}
          </video>
          {caption ? (
            <div className="pointer-events-none absolute inset-x-0 bottom-[7%] flex justify-center px-4">
              <p
                lang={shownSubtitles ?? undefined}
                data-testid="player-captions"
                className="max-w-[90%] whitespace-pre-line rounded-lg bg-black/80 px-3 py-1 text-center text-sm leading-snug text-white sm:text-lg"
              >
                {caption}
              </p>
            </div>
          ) : null}
          <span
            aria-hidden="true"
            data-testid="video-watermark"
            className="pointer-events-none absolute select-none text-xs font-semibold text-white/30 transition-all duration-[3000ms] ease-in-out motion-reduce:transition-none sm:text-sm"
            style={{ left: `${spot.left}%`, top: `${spot.top}%`, textShadow: '0 1px 2px rgb(0 0 0 / 0.35)' }}
          >
            {watermark}
          </span>
        </div>

        <div
          className="mt-3 rounded-3xl border border-line bg-ivory p-3 text-ink shadow-card sm:p-4"
          data-testid="player-controls"
        >
          <SeekBar time={time} duration={duration} loop={loop} chapters={chapters} onSeek={seekTo} />

          <div className="mt-2 flex flex-wrap items-center gap-1">
            <ControlButton
              label={playing ? t('player.pause') : t('player.play')}
              keys="K"
              onClick={togglePlay}
              testId="player-play"
            >
              {playing ? <PauseGlyph /> : <PlayGlyph />}
            </ControlButton>
            <ControlButton label={t('player.back10')} keys="J" onClick={() => jump(-JUMP_SECONDS)}>
              <BackTenGlyph />
            </ControlButton>
            <ControlButton label={t('player.forward10')} keys="L" onClick={() => jump(JUMP_SECONDS)}>
              <ForwardTenGlyph />
            </ControlButton>
            <ControlButton label={t('player.framePrev')} keys="," onClick={() => stepFrame(-1)}>
              <FramePrevGlyph />
            </ControlButton>
            <ControlButton label={t('player.frameNext')} keys="." onClick={() => stepFrame(1)}>
              <FrameNextGlyph />
            </ControlButton>
            <ControlButton label={muted ? t('player.unmute') : t('player.mute')} keys="M" onClick={toggleMute}>
              <VolumeGlyph muted={muted || volume === 0} />
            </ControlButton>
            <label className="sr-only" htmlFor={`${ids}-volume`}>
              {t('player.volume')}
            </label>
            <input
              id={`${ids}-volume`}
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={muted ? 0 : volume}
              onChange={(event) => {
                const v = element();
                if (!v) return;
                v.volume = Number(event.target.value);
                v.muted = v.volume === 0;
              }}
              aria-valuetext={formatPercent(Math.round((muted ? 0 : volume) * 100), language)}
              className="hidden w-20 accent-rose-600 sm:block"
            />
            <span className="mx-1 hidden h-6 w-px bg-line sm:block" aria-hidden="true" />
            <span className="flex items-center gap-1.5 text-sm text-ink-soft">
              <label htmlFor={`${ids}-speed`}>{t('player.speed')}</label>
              <select
                id={`${ids}-speed`}
                value={settings.speed}
                onChange={(event) => changeSpeed(Number(event.target.value) as PlaybackRate)}
                className="min-h-11 rounded-full border border-line bg-white px-3 text-sm text-ink"
                aria-keyshortcuts="Shift+Comma Shift+Period"
                data-testid="player-speed"
              >
                {PLAYBACK_RATES.map((rate) => (
                  <option key={rate} value={rate}>
                    {rateText(rate)}
                  </option>
                ))}
              </select>
            </span>
            <span className="mx-1 hidden h-6 w-px bg-line sm:block" aria-hidden="true" />
            <ControlButton label={t('player.loopStart')} keys="A" onClick={setLoopStart} pressed={loop.a !== null}>
              <span className="text-sm font-bold">A</span>
            </ControlButton>
            <ControlButton
              label={t('player.loopEnd')}
              keys="B"
              onClick={setLoopEnd}
              pressed={loop.b !== null}
              testId="player-loop-end"
            >
              <span className="text-sm font-bold">B</span>
            </ControlButton>
            {loop.a !== null ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11 shrink-0 whitespace-nowrap"
                onClick={clearLoop}
                aria-keyshortcuts="X"
                data-testid="player-loop-clear"
              >
                {t('player.loopClear')}
              </button>
            ) : null}
            <ControlButton label={t('player.mirror')} keys="R" onClick={toggleMirror} pressed={settings.mirrored}>
              <MirrorGlyph />
            </ControlButton>
            {subtitleLanguages.length > 0 ? (
              <span className="flex items-center gap-1 text-ink-soft">
                <label htmlFor={`${ids}-subtitles`} className="inline-flex">
                  <SubtitlesGlyph />
                  <span className="sr-only">{t('player.subtitles')}</span>
                </label>
                <select
                  id={`${ids}-subtitles`}
                  value={shownSubtitles ?? 'off'}
                  onChange={(event) => chooseSubtitles(event.target.value as Language | 'off')}
                  className="min-h-11 max-w-40 rounded-full border border-line bg-white px-3 text-sm text-ink"
                  aria-keyshortcuts="C"
                  data-testid="player-subtitles"
                >
                  <option value="off">{t('player.subtitlesOff')}</option>
                  {subtitleLanguages.map((lang) => (
                    <option key={lang} value={lang}>
                      {languageName(lang)}
                    </option>
                  ))}
                </select>
              </span>
            ) : null}
            {stream.heights.length > 1 ? (
              <span className="flex items-center gap-1.5 text-sm text-ink-soft">
                <label htmlFor={`${ids}-quality`}>{t('player.quality')}</label>
                <select
                  id={`${ids}-quality`}
                  value={stream.pinned ?? 'auto'}
                  onChange={(event) => chooseQuality(event.target.value)}
                  className="min-h-11 rounded-full border border-line bg-white px-3 text-sm text-ink"
                  data-testid="player-quality"
                >
                  <option value="auto">
                    {stream.pinned === null && stream.playing
                      ? t('player.qualityAutoNow', { height: stream.playing })
                      : t('player.qualityAuto')}
                  </option>
                  {stream.heights.map((height) => (
                    <option key={height} value={height}>
                      {t('player.qualityHeight', { height })}
                    </option>
                  ))}
                </select>
              </span>
            ) : null}
            {pipSupported ? (
              <ControlButton label={t('player.pip')} keys="P" onClick={() => void togglePip()} pressed={pip}>
                <PipGlyph />
              </ControlButton>
            ) : null}
            <ControlButton
              label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
              keys="F"
              onClick={() => void toggleFullscreen()}
            >
              <FullscreenGlyph active={fullscreen} />
            </ControlButton>
            <ControlButton
              label={t('player.shortcuts')}
              onClick={() => setHelpOpen(!helpOpen)}
              expanded={helpOpen}
              controls={helpId}
            >
              <KeyboardGlyph />
            </ControlButton>
          </div>

          {current || loopText ? (
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
              {current ? (
                <span data-testid="player-current-chapter" className="min-w-0 wrap-anywhere">
                  {t('player.currentChapter', { title: chapterTitle(current) })}
                </span>
              ) : null}
              {loopText ? (
                <span data-testid="player-loop" className="whitespace-nowrap">
                  {loopText}
                </span>
              ) : null}
            </p>
          ) : null}

          <ShortcutHelp id={helpId} open={helpOpen} />
        </div>
        <p className="sr-only" role="status" aria-live="polite" data-testid="player-status">
          {message}
        </p>
      </section>

      {chapters.length > 0 ? (
        <ChapterList
          headingId={`${ids}-chapters`}
          chapters={chapters}
          current={chapterIndex}
          titleOf={chapterTitle}
          onJump={jumpToChapter}
        />
      ) : null}
    </div>
  );
}
