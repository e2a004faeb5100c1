import type { stockAlertsContract } from '@atelier/shared/stock-alerts.contract';
import { stockAlertsRouteTable } from '@atelier/shared/stock-alerts.routes';
import { endpoints } from '../endpoints';

export const stockAlertsApi = endpoints<typeof stockAlertsContract>(stockAlertsRouteTable);
