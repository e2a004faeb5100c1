/** The admin's mail preview route: a kind, a language, the mail as it would be sent. */
import { z } from 'zod';
import { LanguageSchema } from './base-schemas';
import { MAIL_PREVIEW_KINDS } from './mail-previews.constants';

export const MailPreviewParamsSchema = z.object({ kind: z.enum(MAIL_PREVIEW_KINDS) });
export const MailPreviewQuerySchema = z.object({ lang: LanguageSchema.default('ru') });

export const MailPreviewSchema = z.object({
  kind: z.enum(MAIL_PREVIEW_KINDS),
  lang: LanguageSchema,
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** The shop's contact address the mail answers to; null when the settings have none. */
  replyTo: z.string().nullable(),
});
export type MailPreview = z.infer<typeof MailPreviewSchema>;
