import { LandingSettingsUpdateSchema } from '@atelier/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorAt, writeResolver } from '../../../shared/forms/write-resolver';
import { aboutBody } from './about-editor';
import { type SettingsForm, settingsBody } from './settings-editor';

const check = <F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) =>
  resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
const form: SettingsForm = {
  artisanName: 'Анна',
  heroTitle: { ru: 'Цветы из шёлка', en: '', es: '' },
  heroSubtitle: { ru: '', en: '', es: '' },
  contactEmail: ' studio@example.com ',
  contactPhone: '+7 900 000-00-00',
  social: [
    { network: 'vk', url: '' },
    { network: 'telegram', url: 'https://t.me/studio' },
  ],
};

describe('landing editors', () => {
  it('settings: a social row without an address is not sent; the email is trimmed', () => {
    expect(settingsBody(form)).toEqual({
      ...form,
      contactEmail: 'studio@example.com',
      social: [{ network: 'telegram', url: 'https://t.me/studio' }],
    });
  });

  it('settings: a bad email or link is refused before sending', async () => {
    const resolver = writeResolver(LandingSettingsUpdateSchema, settingsBody);
    expect((await check(resolver, form)).errors).toEqual({});
    const bad = { ...form, contactEmail: 'studio@', social: [{ network: 'vk' as const, url: 'javascript:alert(1)' }] };
    const result = await check(resolver, bad);
    expect(errorAt(result.errors, 'contactEmail')?.message).toBe('emailInvalid');
    expect(errorAt(result.errors, 'social.0.url')).toBeDefined();
  });

  it('about: the photo list decides removeImage', () => {
    const texts = { title: { ru: 'Обо мне', en: '', es: '' }, content: { ru: 'Текст', en: '', es: '' } };
    expect(aboutBody({ ...texts, photo: [] })).toEqual({ ...texts, removeImage: true });
  });
});
