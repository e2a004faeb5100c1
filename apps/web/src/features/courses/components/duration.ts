import { useTranslation } from '../../../shared/i18n/use-translation';

/** "45 min" under an hour, "3 h 20 min" from an hour, "4 h" on the hour. */
export function useDuration(): (minutes: number) => string {
  const { t } = useTranslation();
  return (minutes) =>
    minutes < 60
      ? t('training.minutes', { count: minutes })
      : minutes % 60 === 0
        ? t('training.courses.hours', { hours: minutes / 60 })
        : t('training.courses.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
