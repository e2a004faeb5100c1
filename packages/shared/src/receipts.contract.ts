import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { OrderReceiptsSchema, ReceiptSchema } from './receipts';
import { receiptsRouteTable } from './receipts.routes';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

export const receiptsContract = defineContract('receipts', receiptsRouteTable, {
  adminOrdersReceipts: {
    summary: 'Admin: the fiscal receipts of an order (payment, completion, refund) with their state and errors',
    params: IdParamSchema,
    response: { 200: successEnvelope(OrderReceiptsSchema), ...errors },
  },
  adminReceiptsRetry: {
    summary: 'Admin: send a failed completion receipt to YooKassa again; the reply is its new state',
    params: IdParamSchema,
    response: { 200: successEnvelope(ReceiptSchema), ...errors },
  },
});
