import { intlLocale, type Language } from '@atelier/shared';

/** The shop's usual time zones, each with its own words in the owner's texts. */
const NAMED: Record<string, 'admin.notifications.zoneMoscow'> = {
  'Europe/Moscow': 'admin.notifications.zoneMoscow',
};

/** A zone in the owner's words: a text of its own, or the zone's name in her language. */
export type ZoneLabel = { key: 'admin.notifications.zoneMoscow' } | { name: string };

/**
 * A time zone (`Europe/Moscow`) as the owner reads it, never the identifier: the shop's usual zone
 * has its own words ("по московскому времени", "Moscow time", "hora de Moscú"); another one is
 * named by its generic name in the language ("Central European Time"), or its long name where it
 * has no generic one (UTC).
 */
export function timeZoneLabel(zone: string, language: Language): ZoneLabel {
  const key = NAMED[zone];
  if (key) return { key };
  const nameOf = (style: 'longGeneric' | 'long') => {
    try {
      return new Intl.DateTimeFormat(intlLocale(language), { timeZone: zone, timeZoneName: style })
        .formatToParts(new Date(Date.UTC(2024, 0, 15)))
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const generic = nameOf('longGeneric');
  // A zone without a generic name is shown as an offset ("GMT+00:00"): its long name reads better.
  const name = generic && !/^(GMT|UTC)[+-−]/.test(generic) ? generic : (nameOf('long') ?? generic);
  return { name: name ?? zone };
}
