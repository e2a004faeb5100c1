import { z } from 'zod';
import { ErrorBodySchema, successEnvelope } from './api';
import { DeleteAccountBody, UpdateProfileBody, UserResultSchema } from './auth';
import { defineContract } from './contract';
import { MarketingConsentBody } from './users';
import { usersRouteTable } from './users.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

export const usersContract = defineContract('users', usersRouteTable, {
  listUserProfile: {
    summary: 'The signed-in user’s profile',
    response: { 200: successEnvelope(UserResultSchema), ...errors },
  },
  putUserProfile: {
    summary: 'Update name, first/last name and phone (the email is not changed here)',
    body: UpdateProfileBody,
    response: { 200: successEnvelope(UserResultSchema), ...errors },
  },
  userMarketingConsent: {
    summary:
      'Opt in to (or out of) reminders and news by email; off until the customer turns it on. Opting in names the consent text version shown (`document`; 409 when no longer in force)',
    body: MarketingConsentBody,
    response: { 200: successEnvelope(UserResultSchema), ...errors, 409: ErrorBodySchema },
  },
  userExport: {
    summary:
      'Download the user’s own data as JSON (profile, orders with items, purchases, reviews, cart, favourites, alerts, custom requests, consents)',
    response: { 200: z.unknown(), ...errors },
  },
  userAccount: {
    summary: 'Delete the account (password required); orders are kept, personal data removed',
    body: DeleteAccountBody,
    response: { 200: successEnvelope(z.null()), ...errors },
  },
});
