/**
 * The lesson player's keyboard shortcuts. They act only while focus is inside the player (so a
 * single-key shortcut never fires while the learner types elsewhere on the page), and they go by
 * the physical key (`KeyboardEvent.code`), so they work the same on a Russian or Spanish layout.
 */

export type PlayerAction =
  | 'togglePlay'
  | 'back'
  | 'forward'
  | 'framePrev'
  | 'frameNext'
  | 'slower'
  | 'faster'
  | 'loopStart'
  | 'loopEnd'
  | 'loopClear'
  | 'mirror'
  | 'subtitles'
  | 'fullscreen'
  | 'pip'
  | 'mute';

/** What kind of element has focus: a button keeps Space/Enter, a slider keeps its arrows, a field keeps every key. */
export type FocusKind = 'button' | 'slider' | 'field' | 'other';

export interface KeyPress {
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

const PLAIN: Record<string, PlayerAction> = {
  KeyK: 'togglePlay',
  KeyJ: 'back',
  KeyL: 'forward',
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  Comma: 'framePrev',
  Period: 'frameNext',
  KeyA: 'loopStart',
  KeyB: 'loopEnd',
  KeyX: 'loopClear',
  KeyR: 'mirror',
  KeyC: 'subtitles',
  KeyF: 'fullscreen',
  KeyP: 'pip',
  KeyM: 'mute',
};

const SHIFTED: Record<string, PlayerAction> = { Comma: 'slower', Period: 'faster' };

/** The action of a key press, or null when the key is not the player's (or belongs to the focused control). */
export function actionForKey(press: KeyPress, focus: FocusKind): PlayerAction | null {
  if (press.ctrlKey || press.altKey || press.metaKey || focus === 'field') return null;
  if (press.shiftKey) return SHIFTED[press.code] ?? null;
  if (press.code === 'Space') return focus === 'button' ? null : 'togglePlay';
  if ((press.code === 'ArrowLeft' || press.code === 'ArrowRight') && focus === 'slider') return null;
  return PLAIN[press.code] ?? null;
}

/** The shortcuts as the help lists them: the keys shown, and the text key of what they do. */
export const SHORTCUT_HELP: { keys: string[]; action: string }[] = [
  { keys: ['K', 'Space'], action: 'togglePlay' },
  { keys: ['J', '←'], action: 'back' },
  { keys: ['L', '→'], action: 'forward' },
  { keys: [',', '.'], action: 'frame' },
  { keys: ['<', '>'], action: 'speed' },
  { keys: ['A'], action: 'loopStart' },
  { keys: ['B'], action: 'loopEnd' },
  { keys: ['X'], action: 'loopClear' },
  { keys: ['R'], action: 'mirror' },
  { keys: ['C'], action: 'subtitles' },
  { keys: ['F'], action: 'fullscreen' },
  { keys: ['P'], action: 'pip' },
  { keys: ['M'], action: 'mute' },
];

/** The kind of the element a key press came from. */
export function focusKindOf(element: EventTarget | null): FocusKind {
  if (!(element instanceof HTMLElement)) return 'other';
  if (element instanceof HTMLInputElement) return element.type === 'range' ? 'slider' : 'field';
  if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement || element.isContentEditable) {
    return 'field';
  }
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement) return 'button';
  return 'other';
}

/** The next speed in `rates` slower (-1) or faster (+1) than `current`, staying at the ends. */
export function nextRate<T extends number>(rates: readonly T[], current: number, direction: -1 | 1): T {
  const index = rates.indexOf(current as T);
  const from = index === -1 ? rates.findIndex((rate) => rate >= current) : index;
  const next = Math.min(rates.length - 1, Math.max(0, (from === -1 ? rates.length - 1 : from) + direction));
  return rates[next] as T;
}

/** `m:ss` or `h:mm:ss` of a time in seconds. */
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Whole seconds of `m:ss`, `h:mm:ss` or plain seconds as the admin types them; null when it is not a time. */
export function parseTime(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{1,6}$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const [, h, m, s] = match;
  if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}

/** The index of the chapter playing at `time` (chapters sorted by start), -1 before the first. */
export function chapterAt(chapters: readonly { startSeconds: number }[], time: number): number {
  let current = -1;
  for (const [index, chapter] of chapters.entries()) {
    if (chapter.startSeconds <= time + 0.05) current = index;
    else break;
  }
  return current;
}
