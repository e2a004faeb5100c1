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
const tags = ['gift-certificates'];

export const giftCertificatesContract = defineContract(giftCertificatesRouteTable, {
  offer: {
    tags,
    summary: 'The amounts on offer (presets and limits per currency) and the delivery dates allowed',
    response: { 200: successEnvelope(GiftCertificateOfferSchema) },
  },
  create: {
    tags,
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
    tags,
    summary: 'What is left on a gift certificate, in its currency (rate-limited per address and account)',
    body: GiftCodeBody,
    response: { 200: successEnvelope(GiftBalanceSchema), ...errors, 429: ErrorBodySchema },
  },
  mine: {
    tags,
    summary: 'The gift certificates the signed-in customer bought (codes once paid), newest first',
    response: { 200: successEnvelope(z.array(MyGiftCertificateSchema)), ...errors },
  },
  listAdminGiftCertificatesSettings: {
    tags: [...tags, 'admin'],
    summary: 'Preset amounts and the limits of an amount of her own, per currency',
    response: { 200: successEnvelope(GiftCertificateSettingsSchema), ...errors },
  },
  putAdminGiftCertificatesSettings: {
    tags: [...tags, 'admin'],
    summary: 'Replace the presets and limits per currency',
    body: GiftCertificateSettingsSchema,
    response: { 200: successEnvelope(GiftCertificateSettingsSchema), ...errors },
  },
  listAdminGiftCertificates: {
    tags: [...tags, 'admin'],
    summary: 'Gift certificates, newest first; search by code (any case, dashes or not), email, name or order number',
    query: AdminGiftCertificatesQuerySchema,
    response: { 200: listEnvelope(AdminGiftCertificateSchema), ...errors },
  },
  createAdminGiftCertificates: {
    tags: [...tags, 'admin'],
    summary: 'Issue a certificate by hand (a giveaway): active at once, mailed on the chosen day or not at all',
    body: IssueGiftCertificateBody,
    response: { 201: successEnvelope(AdminGiftCertificateSchema), ...errors },
  },
  getAdminGiftCertificates: {
    tags: [...tags, 'admin'],
    summary: 'One certificate with the history of its balance',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminGiftCertificateSchema), ...errors },
  },
  adminGiftCertificatesDeactivate: {
    tags: [...tags, 'admin'],
    summary: 'Deactivate a certificate: what is left on it can no longer be spent (409 unless active)',
    params: IdParamSchema,
    body: DeactivateGiftCertificateBody,
    response: { 200: successEnvelope(AdminGiftCertificateSchema), ...errors, 409: ErrorBodySchema },
  },
});
