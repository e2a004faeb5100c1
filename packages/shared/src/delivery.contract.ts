import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { deliveryRouteTable } from './delivery.routes';
import { DeliverySettingsBody, DeliverySettingsSchema } from './shipping';

export const deliveryContract = defineContract('delivery', deliveryRouteTable, {
  settings: {
    summary: 'Where the shop sends parcels (ISO country codes) and where pickup orders are collected',
    response: { 200: successEnvelope(DeliverySettingsSchema) },
  },
  adminSave: {
    summary: 'Set the countries physical goods may be sent to and the workshop (address, hours, map link) for pickup',
    body: DeliverySettingsBody,
    response: {
      200: successEnvelope(DeliverySettingsSchema),
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
    },
  },
});
