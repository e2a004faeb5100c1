/**
 * The one place the interface reads its texts from: react-i18next over the i18next instance of
 * shared/i18n/i18n.ts in the browser, and over the server's instance per language
 * (entry-server.tsx, through TranslationProvider).
 */
export type { TFunction } from 'i18next';
export { I18nextProvider as TranslationProvider, useTranslation } from 'react-i18next';
