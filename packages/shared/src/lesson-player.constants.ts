/**
 * Values of the lesson player both sides use, zod-free (the player's lazy chunk imports them, see
 * docs/decisions/0032): the playback speeds and the settings a learner keeps between lessons.
 */
import type { Language } from './i18n';

/** Playback speeds the player offers, slowest first: a hand movement is learnt at ¼ speed and checked at 2×. */
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/**
 * Which subtitles a learner wants: `auto` = those of the interface language when the lesson has
 * them (off otherwise), `off`, or one language whatever the interface.
 */
export const SUBTITLE_CHOICES = ['auto', 'off', 'ru', 'en', 'es'] as const;
export type SubtitleChoice = (typeof SUBTITLE_CHOICES)[number];

/** The player settings kept per account (server-side), applied to every lesson the learner opens. */
export interface PlayerSettings {
  speed: PlaybackRate;
  mirrored: boolean;
  subtitles: SubtitleChoice;
}

export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = { speed: 1, mirrored: false, subtitles: 'auto' };

/** Most chapters a lesson may have. */
export const CHAPTERS_MAX = 200;
/** Longest subtitles text (characters) the admin may save for one language: hours of dense speech. */
export const SUBTITLES_MAX_CHARS = 500_000;

/** The subtitles a player with `choice` shows, given the languages the lesson has them in. */
export function subtitleLanguageFor(
  choice: SubtitleChoice,
  available: readonly Language[],
  interfaceLanguage: Language,
): Language | null {
  if (choice === 'off') return null;
  const wanted = choice === 'auto' ? interfaceLanguage : choice;
  return available.includes(wanted) ? wanted : null;
}
