import type { receiptsContract } from '@atelier/shared/receipts.contract';
import { receiptsRouteTable } from '@atelier/shared/receipts.routes';
import { endpoints } from '../endpoints';

export const receiptsApi = endpoints<typeof receiptsContract>(receiptsRouteTable);
