import { LANGUAGES, type Language } from '@atelier/shared';
import type { InitOptions } from 'i18next';
import type { Tree } from '../../locales/tree';

/**
 * How i18next reads the web's texts, in the browser and in the server renderer alike (the same
 * texts give the same markup): one language, no fallback (every key exists in every language, and
 * a missing one shows its key), React escapes, no Suspense, and a synchronous start (no backend:
 * the texts are at hand).
 */
export function i18nOptions(lng: Language, texts: Tree): InitOptions {
  return {
    lng,
    resources: { [lng]: { translation: texts } },
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  };
}
