import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/admin/admin.json';
import es from '../../../locales/es/admin/admin.json';
import ru from '../../../locales/ru/admin/admin.json';
import { timeZoneLabel } from './time-zone-label';

describe('timeZoneLabel: the summary hour’s time zone in plain words', () => {
  it('the shop’s zone has words of its own in every language', () => {
    expect(timeZoneLabel('Europe/Moscow', 'ru')).toEqual({ key: 'admin.notifications.zoneMoscow' });
    expect(ru.admin.notifications.zoneMoscow).toBe('по московскому времени');
    expect(en.admin.notifications.zoneMoscow).toBe('Moscow time');
    expect(es.admin.notifications.zoneMoscow).toBe('hora de Moscú');
    // The label the setting shows around it names no zone identifier.
    for (const texts of [ru, en, es]) expect(texts.admin.notifications.digestHour).toContain('{{zone}}');
  });

  it.each(['ru', 'en', 'es'] as const)(
    'another zone is named in %s, never by its identifier or an offset',
    (language) => {
      for (const zone of ['Europe/Madrid', 'Asia/Yekaterinburg', 'UTC', 'America/New_York']) {
        const label = timeZoneLabel(zone, language);
        expect(label).not.toHaveProperty('key');
        const { name } = label as { name: string };
        expect(name).not.toContain('/');
        expect(name).not.toMatch(/GMT|UTC[+-]/);
        expect(name.length).toBeGreaterThan(3);
      }
      expect(timeZoneLabel('Europe/Madrid', 'en')).toEqual({ name: 'Central European Time' });
    },
  );

  it('an unknown identifier is shown as it is rather than nothing', () => {
    expect(timeZoneLabel('Mars/Olympus', 'en')).toEqual({ name: 'Mars/Olympus' });
  });
});
