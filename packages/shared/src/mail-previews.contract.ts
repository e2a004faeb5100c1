import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { MailPreviewParamsSchema, MailPreviewQuerySchema, MailPreviewSchema } from './mail-previews';
import { mailPreviewsRouteTable } from './mail-previews.routes';

export const mailPreviewsContract = defineContract('mail-previews', mailPreviewsRouteTable, {
  preview: {
    summary:
      'A mail of the shop (to a customer or to the owner) drawn with sample data and the shop’s contact address, as it would be sent',
    params: MailPreviewParamsSchema,
    query: MailPreviewQuerySchema,
    response: {
      200: successEnvelope(MailPreviewSchema),
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
    },
  },
});
