import { z } from 'zod';
import { CDEK_POINT_TYPES, DELIVERY_METHODS } from './delivery.constants';

export * from './delivery.constants';

export const DeliveryMethodSchema = z.enum(DELIVERY_METHODS);

/** The pickup point an order goes to, as the order keeps it (`delivery.cdek`). */
export const OrderCdekDeliverySchema = z.object({
  pointCode: z.string(),
  pointType: z.enum(CDEK_POINT_TYPES),
  cityCode: z.number().int(),
  city: z.string(),
  address: z.string(),
  workTime: z.string(),
  tariffCode: z.number().int(),
  /** CDEK's price when the order was placed (RUB); the order's deliveryCost is what was charged. */
  carrierCost: z.number(),
  periodMin: z.number().int().nullable(),
  periodMax: z.number().int().nullable(),
  parcel: z.object({
    weightGrams: z.number().int(),
    lengthCm: z.number().int(),
    widthCm: z.number().int(),
    heightCm: z.number().int(),
  }),
});
export type OrderCdekDelivery = z.infer<typeof OrderCdekDeliverySchema>;
