import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';
import {
  AdminGiftCertificateSchema,
  AdminGiftCertificatesQuerySchema,
  BuyGiftCertificateBody,
  DeactivateGiftCertificateBody,
  GiftBalanceSchema,
  GiftCertificateOfferSchema,
  GiftCertificateSettingsSchema,
  GiftCodeBody,
  IssueGiftCertificateBody,
  MyGiftCertificateSchema,
} from './gift-certificates';
import { giftCertificatesRouteTable } from './gift-certificates.routes';
import { OrderSchema } from './orders';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const giftCertificatesContract = defineContract('gift-certificates', giftCertificatesRouteTable, {
  offer: {
    summary: 'The amounts on offer (presets and limits per currency) and the delivery dates allowed',
    response: { 200: successEnvelope(GiftCertificateOfferSchema) },
  },
  create: {
    summary:
      'Buy a gift certificate: creates its order (card in roubles, PayPal in euros and dollars); paid, the recipient is mailed on the chosen day',
    body: BuyGiftCertificateBody,
    response: {
      201: successEnvelope(z.object({ certificate: MyGiftCertificateSchema, order: OrderSchema })),
      ...errors,
      409: ErrorBodySchema,
    },
  },
  check: {
    summary: 'What is left on a gift certificate, in its currency (rate-limited per address and account)',
    body: GiftCodeBody,
    response: { 200: successEnvelope(GiftBalanceSchema), ...errors, 429: ErrorBodySchema },
  },
  mine: {
    summary: 'The gift certificates the signed-in customer bought (codes once paid), newest first',
    response: { 200: successEnvelope(z.array(MyGiftCertificateSchema)), ...errors },
  },
  listAdminGiftCertificatesSettings: {
    summary: 'Preset amounts and the limits of an amount of her own, per currency',
    response: { 200: successEnvelope(GiftCertificateSettingsSchema), ...errors },
  },
  putAdminGiftCertificatesSettings: {
    summary: 'Replace the presets and limits per currency',
    body: GiftCertificateSettingsSchema,
    response: { 200: successEnvelope(GiftCertificateSettingsSchema), ...errors },
  },
  listAdminGiftCertificates: {
    summary: 'Gift certificates, newest first; search by code (any case, dashes or not), email, name or order number',
    query: AdminGiftCertificatesQuerySchema,
    response: { 200: listEnvelope(AdminGiftCertificateSchema), ...errors },
  },
  createAdminGiftCertificates: {
    summary: 'Issue a certificate by hand (a giveaway): active at once, mailed on the chosen day or not at all',
    body: IssueGiftCertificateBody,
    response: { 201: successEnvelope(AdminGiftCertificateSchema), ...errors },
  },
  getAdminGiftCertificates: {
    summary: 'One certificate with the history of its balance',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminGiftCertificateSchema), ...errors },
  },
  adminGiftCertificatesDeactivate: {
    summary: 'Deactivate a certificate: what is left on it can no longer be spent (409 unless active)',
    params: IdParamSchema,
    body: DeactivateGiftCertificateBody,
    response: { 200: successEnvelope(AdminGiftCertificateSchema), ...errors, 409: ErrorBodySchema },
  },
});
