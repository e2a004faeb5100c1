import type { BookFormat, LocalizedText, Price } from '@atelier/shared';
import { safeNext } from '../routing/safe-next';

/**
 * What a guest was doing when the shop asked them to sign in, kept in the browser until they have:
 * the action to finish (an item for the cart, a favourite, a purchase to open) and where to bring
 * them back. Forms keep their own drafts beside it (see the draft functions below).
 */
export type Intent =
  | {
      kind: 'cart';
      returnTo: string;
      item: {
        id: string;
        type: 'product' | 'lesson' | 'course';
        name: LocalizedText;
        price: Price;
        image?: string;
        bookFormat?: BookFormat;
        /** The product's variant chosen (a product with options). */
        variantId?: string;
      };
      quantity: number;
    }
  | { kind: 'favourite'; returnTo: string; type: 'product' | 'lesson'; id: string; name: LocalizedText }
  | {
      kind: 'buy';
      returnTo: string;
      type: 'lesson' | 'course';
      id: string;
      name: LocalizedText;
      /** A free lesson: back from signing in it starts at once, no purchase dialog. */
      free?: boolean;
    }
  | { kind: 'form'; returnTo: string; form: DraftForm };

export type IntentKind = Intent['kind'];

/** The forms whose content survives a sign-in (and a reload). */
export type DraftForm = 'gift-certificate' | 'custom-request';

interface Stored<T> {
  savedAt: number;
  /** Set once the visitor has signed in and is being sent back: the next page finishes it. */
  armed?: boolean;
  value: T;
}

/** An intent older than this is forgotten: a sign-in the next day does not fill a cart. */
export const INTENT_TTL_MS = 2 * 60 * 60 * 1000;
/** A half-filled form waits a day. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_RETURN_PATH = 2000;

const INTENT_KEY = 'atelier.intent';
const draftKey = (form: DraftForm) => `atelier.draft.${form}`;
const DRAFT_FORMS: DraftForm[] = ['gift-certificate', 'custom-request'];

/**
 * A path on this site to come back to, or null. Only `/`-rooted paths: never another origin
 * (`//host`, `/\host`, `https:`), never control characters or backslashes (a browser drops tabs
 * and newlines from a URL, which would turn `/\t/host` into `//host`), never the auth pages
 * themselves.
 */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || path.length > MAX_RETURN_PATH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  return safeNext(path);
}

/** The minimal Storage the store needs (localStorage in the browser, a map in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function isIntent(value: unknown): value is Intent {
  if (!value || typeof value !== 'object') return false;
  const intent = value as Record<string, unknown>;
  if (typeof intent.returnTo !== 'string' || safeReturnPath(intent.returnTo) === null) return false;
  switch (intent.kind) {
    case 'cart': {
      const item = intent.item as Record<string, unknown> | undefined;
      return (
        typeof item?.id === 'string' &&
        ['product', 'lesson', 'course'].includes(item.type as string) &&
        typeof item.name === 'object' &&
        typeof item.price === 'object' &&
        (item.variantId === undefined || typeof item.variantId === 'string') &&
        Number.isInteger(intent.quantity) &&
        (intent.quantity as number) > 0
      );
    }
    case 'favourite':
      return typeof intent.id === 'string' && ['product', 'lesson'].includes(intent.type as string);
    case 'buy':
      return typeof intent.id === 'string' && ['lesson', 'course'].includes(intent.type as string);
    case 'form':
      return DRAFT_FORMS.includes(intent.form as DraftForm);
    default:
      return false;
  }
}

export function createIntentStore(storage: () => StorageLike | null, now: () => number = Date.now) {
  const read = <T>(key: string, ttl: number): Stored<T> | null => {
    let raw: string | null = null;
    try {
      raw = storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
    if (!raw) return null;
    try {
      const stored = JSON.parse(raw) as Stored<T>;
      const age = now() - stored.savedAt;
      if (typeof stored.savedAt !== 'number' || age < 0 || age > ttl) throw new Error('expired');
      return stored;
    } catch {
      remove(key);
      return null;
    }
  };
  const write = (key: string, stored: Stored<unknown>) => {
    try {
      storage()?.setItem(key, JSON.stringify(stored));
    } catch {
      // Storage full or refused: the intent lives no longer than this page.
    }
  };
  const remove = (key: string) => {
    try {
      storage()?.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  };

  const readIntent = (): Stored<Intent> | null => {
    const stored = read<Intent>(INTENT_KEY, INTENT_TTL_MS);
    if (stored && !isIntent(stored.value)) {
      remove(INTENT_KEY);
      return null;
    }
    return stored;
  };

  return {
    /** Remembers what the guest asked for; false (nothing kept) when the return path is not ours. */
    save(intent: Intent): boolean {
      const returnTo = safeReturnPath(intent.returnTo);
      if (!returnTo) return false;
      write(INTENT_KEY, { savedAt: now(), value: { ...intent, returnTo } });
      return true;
    },
    /** The waiting intent, if it is still fresh. */
    peek(): Intent | null {
      return readIntent()?.value ?? null;
    },
    /** Signed in: the intent is to be finished on its page (survives the navigation and a reload). */
    arm(): Intent | null {
      const stored = readIntent();
      if (!stored) return null;
      write(INTENT_KEY, { ...stored, armed: true });
      return stored.value;
    },
    /** The armed intent for this path, removed so it runs once. */
    takeArmed(path: string): Intent | null {
      const stored = readIntent();
      if (!stored?.armed || stored.value.returnTo !== path) return null;
      remove(INTENT_KEY);
      return stored.value;
    },
    clear(): void {
      remove(INTENT_KEY);
    },
    saveDraft<T extends object>(form: DraftForm, values: T): void {
      write(draftKey(form), { savedAt: now(), value: values });
    },
    /** The draft's fields that `template` knows, with the template's types; null when none. */
    readDraft<T extends object>(form: DraftForm, template: T): Partial<T> | null {
      const stored = read<Record<string, unknown>>(draftKey(form), DRAFT_TTL_MS);
      if (!stored?.value || typeof stored.value !== 'object') return null;
      const draft: Partial<T> = {};
      for (const key of Object.keys(template) as (keyof T & string)[]) {
        const value = stored.value[key];
        if (value !== undefined && typeof value === typeof template[key]) draft[key] = value as T[keyof T & string];
      }
      return Object.keys(draft).length > 0 ? draft : null;
    },
    clearDraft(form: DraftForm): void {
      remove(draftKey(form));
    },
    /** Signing out forgets every draft and intent (a shared computer keeps none of it). */
    clearAll(): void {
      remove(INTENT_KEY);
      for (const form of DRAFT_FORMS) remove(draftKey(form));
    },
  };
}

export type IntentStore = ReturnType<typeof createIntentStore>;

/** The browser's store: localStorage, so a code opened from the mail in another tab still finds it. */
export const intentStore = createIntentStore(() => (typeof window === 'undefined' ? null : window.localStorage));

/**
 * A name to put inside the texts' own quotation marks: quotes already in it become the nested kind
 * («Тюльпаны „Весна“», “Tulips ‘Spring’”), so the marks still pair up.
 */
export function nestedQuotes(name: string, language: string): string {
  return language === 'en' ? name.replace(/“/g, '‘').replace(/”/g, '’') : name.replace(/«/g, '„').replace(/»/g, '“');
}
