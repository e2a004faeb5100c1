import type { paymentsContract } from '@atelier/shared/payments.contract';
import { paymentsRouteTable } from '@atelier/shared/payments.routes';
import { endpoints } from '../endpoints';

export const paymentsApi = endpoints<typeof paymentsContract>(paymentsRouteTable);
