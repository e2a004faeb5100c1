import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { AboutSchema, LandingSettingsSchema, LandingSettingsUpdateSchema } from './landing';
import { landingRouteTable } from './landing.routes';

const writeErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
};

export const landingContract = defineContract('landing', landingRouteTable, {
  listAbout: {
    summary: 'The about section: title and text per language, and a photo',
    response: { 200: successEnvelope(AboutSchema) },
  },
  list: {
    summary: 'Site-wide settings: hero texts, contacts, social links',
    response: { 200: successEnvelope(LandingSettingsSchema) },
  },
  putAbout: {
    summary: 'Replace the about section',
    description:
      'JSON body `{ title, content, removeImage? }` (title/content are { ru, en?, es? }; content is ' +
      'Markdown), or multipart/form-data with that JSON as the `data` part and an optional `image` ' +
      'file part (JPEG, PNG, WebP, GIF or AVIF up to 5 MB, checked by content).',
    response: { 200: successEnvelope(AboutSchema), ...writeErrors },
  },
  put: {
    summary: 'Replace the site-wide settings',
    body: LandingSettingsUpdateSchema,
    response: { 200: successEnvelope(LandingSettingsSchema), ...writeErrors },
  },
});
