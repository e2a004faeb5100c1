import { z } from 'zod';
import { LegalDocumentRefSchema } from './legal';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const UserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string(),
  phone: z.string().optional(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  /** Agreed to reminders and news by email (off until the customer turns it on in the account). */
  marketingConsent: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const NAME_MIN = 2;
export const PASSWORD_MIN = 6;

/**
 * `PUT /user/marketing-consent`: the account's opt-in to reminders and news by email. Turning it
 * on names the version of the consent text the page showed (`document`, kind `marketing`).
 */
export const MarketingConsentBody = z.object({
  consent: z.boolean(),
  document: LegalDocumentRefSchema.optional(),
});
export type MarketingConsentBody = z.infer<typeof MarketingConsentBody>;
