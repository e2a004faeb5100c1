import type { reviewsContract } from '@atelier/shared/reviews.contract';
import { reviewsRouteTable } from '@atelier/shared/reviews.routes';
import { endpoints } from '../endpoints';

export const reviewsApi = endpoints<typeof reviewsContract>(reviewsRouteTable);
