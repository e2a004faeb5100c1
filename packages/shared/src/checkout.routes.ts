import { defineRoutes } from './route-table';

export const checkoutRouteTable = defineRoutes({
  orders: { method: 'POST', path: '/api/orders', access: 'user' },
  ordersQuote: { method: 'POST', path: '/api/orders/quote', access: 'public' },
  trainingLessonsPurchase: { method: 'POST', path: '/api/training/lessons/:id/purchase', access: 'user' },
  ordersReturnToCart: { method: 'POST', path: '/api/orders/:id/return-to-cart', access: 'user' },
  trainingCoursesPurchase: { method: 'POST', path: '/api/training/courses/:id/purchase', access: 'user' },
});
