const LOCALES: Record<string, string> = { ru: 'ru-RU', en: 'en-GB', es: 'es-ES' };

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** Date and time to the second (records such as a consent, where the moment matters). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'ru-RU', { dateStyle: 'short', timeStyle: 'medium' }).format(
    date,
  );
}
