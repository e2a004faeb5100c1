import type { portfolioContract } from '@atelier/shared/portfolio.contract';
import { portfolioRouteTable } from '@atelier/shared/portfolio.routes';
import { endpoints } from '../endpoints';

export const portfolioApi = endpoints<typeof portfolioContract>(portfolioRouteTable);
