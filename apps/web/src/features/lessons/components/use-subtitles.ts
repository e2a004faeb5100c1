/**
 * The lesson's subtitles in the player: the interface language first; a track keeps the URL it
 * loaded with (a fresh one only after its load fails); the shown track's cues are drawn by the
 * player (not the browser) so a mirrored picture keeps readable subtitles.
 */
import type { Language } from '@atelier/shared';
import { type PlayerSettings, subtitleLanguageFor } from '@atelier/shared/lesson-player.constants';
import { type RefObject, useEffect, useMemo, useState } from 'react';

export function useSubtitles({
  subtitles,
  language,
  choice,
  tracks,
}: {
  /** Signed URLs of the subtitles per language (the latest). */
  subtitles: Partial<Record<Language, string>>;
  /** The interface language. */
  language: Language;
  /** The learner's choice from the settings. */
  choice: PlayerSettings['subtitles'];
  /** The rendered <track> elements by language. */
  tracks: RefObject<Map<Language, HTMLTrackElement>>;
}) {
  const [caption, setCaption] = useState<string | null>(null);
  const subtitleLanguages = useMemo(() => {
    const available = (['ru', 'en', 'es'] as const).filter((lang) => subtitles[lang]);
    return [...available].sort((a, b) => Number(b === language) - Number(a === language));
  }, [subtitles, language]);
  const shownSubtitles = subtitleLanguageFor(choice, subtitleLanguages, language);
  const [trackSources, setTrackSources] = useState<Partial<Record<Language, string>>>({});
  const trackSource = (lang: Language) => trackSources[lang] ?? subtitles[lang];
  useEffect(() => {
    if (shownSubtitles && !trackSources[shownSubtitles] && subtitles[shownSubtitles]) {
      setTrackSources((current) => ({ ...current, [shownSubtitles]: subtitles[shownSubtitles] }));
    }
  }, [shownSubtitles, subtitles, trackSources]);

  useEffect(() => {
    for (const [lang, element] of tracks.current) {
      element.track.mode = lang === shownSubtitles ? 'hidden' : 'disabled';
    }
    const element = shownSubtitles ? tracks.current.get(shownSubtitles) : undefined;
    if (!element) {
      setCaption(null);
      return;
    }
    const track = element.track;
    const update = () => {
      const lines = Array.from(track.activeCues ?? [], (cue) =>
        'getCueAsHTML' in cue ? ((cue as VTTCue).getCueAsHTML().textContent ?? '') : '',
      ).filter((line) => line.trim() !== '');
      setCaption(lines.length > 0 ? lines.join('\n') : null);
    };
    update();
    track.addEventListener('cuechange', update);
    return () => track.removeEventListener('cuechange', update);
  }, [shownSubtitles, tracks]);

  const onTrackError = (lang: Language) => {
    const fresh = subtitles[lang];
    if (fresh && fresh !== trackSources[lang]) setTrackSources((current) => ({ ...current, [lang]: fresh }));
  };

  return { subtitleLanguages, shownSubtitles, trackSource, onTrackError, caption };
}
