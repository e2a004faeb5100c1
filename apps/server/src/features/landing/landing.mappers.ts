import {
  type About,
  AboutSchema,
  type LandingSettings,
  LandingSettingsSchema,
  type Language,
  localize,
} from '@atelier/shared';
import { absoluteUrl } from '../../platform/http/seo';
import { businessJsonLdId } from './landing.schemas';

/** What a fresh shop shows before the admin writes anything: empty texts, never an error. */
export const EMPTY_ABOUT: About = { title: { ru: '' }, content: { ru: '' }, image: null };
export const EMPTY_SETTINGS: LandingSettings = {
  heroTitle: { ru: '' },
  heroSubtitle: { ru: '' },
  contactEmail: '',
  contactPhone: '',
  social: [],
};

/**
 * Stored rows are written through the validated PUT, but a row edited by hand or written by an
 * older version must not take the home page down: missing fields take the empty defaults and a
 * row that still does not fit is replaced by them.
 */
export function toAbout(stored: unknown): About {
  if (!stored || typeof stored !== 'object') return EMPTY_ABOUT;
  const parsed = AboutSchema.safeParse({ ...EMPTY_ABOUT, ...stored });
  return parsed.success ? parsed.data : EMPTY_ABOUT;
}

export function toSettings(stored: unknown): LandingSettings {
  if (!stored || typeof stored !== 'object') return EMPTY_SETTINGS;
  const parsed = LandingSettingsSchema.safeParse({ ...EMPTY_SETTINGS, ...stored });
  return parsed.success ? parsed.data : EMPTY_SETTINGS;
}

/**
 * schema.org blocks for the artisan on the home page: her business (LocalBusiness, the node the
 * reviews' AggregateRating points at) and, when her name is set, the Person behind it. Empty
 * fields are left out rather than sent as "".
 */
export function artisanJsonLd(about: About, settings: LandingSettings, lang: Language, publicUrl: string): object[] {
  const name = localize(about.title, lang).trim() || localize(settings.heroTitle, lang).trim();
  if (!name) return [];
  const businessId = businessJsonLdId(publicUrl);
  const personId = `${publicUrl}/#artisan`;
  const contact: Record<string, unknown> = { url: `${publicUrl}/` };
  if (about.image) contact.image = absoluteUrl(publicUrl, about.image.large);
  if (settings.contactEmail) contact.email = settings.contactEmail;
  if (settings.contactPhone) contact.telephone = settings.contactPhone;
  if (settings.social.length > 0) contact.sameAs = settings.social.map((link) => link.url);
  const artisanName = settings.artisanName?.trim();

  const business: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': businessId,
    name,
    ...contact,
  };
  const description = localize(settings.heroSubtitle, lang).trim();
  if (description) business.description = description;
  if (!artisanName) return [business];
  business.founder = { '@id': personId };
  return [
    business,
    {
      '@context': 'https://schema.org',
      '@type': 'Person',
      '@id': personId,
      name: artisanName,
      ...contact,
      worksFor: { '@id': businessId },
    },
  ];
}
