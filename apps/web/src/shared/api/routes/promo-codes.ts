import type { promoCodesContract } from '@atelier/shared/promo-codes.contract';
import { promoCodesRouteTable } from '@atelier/shared/promo-codes.routes';
import { endpoints } from '../endpoints';

export const promoCodesApi = endpoints<typeof promoCodesContract>(promoCodesRouteTable);
