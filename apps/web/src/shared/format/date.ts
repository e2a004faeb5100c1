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
