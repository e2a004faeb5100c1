import { defineRoutes } from './route-table';

export const coursesRouteTable = defineRoutes({
  listTrainingCourses: { method: 'GET', path: '/api/training/courses', access: 'public' },
  getTrainingCourses: { method: 'GET', path: '/api/training/courses/:id', access: 'public' },
  trainingCoursePurchases: { method: 'GET', path: '/api/training/course-purchases', access: 'user' },
  trainingCoursesPromoCheck: { method: 'POST', path: '/api/training/courses/:id/promo-check', access: 'user' },
  listAdminCourses: { method: 'GET', path: '/api/admin/courses', access: 'admin' },
  getAdminCourses: { method: 'GET', path: '/api/admin/courses/:id', access: 'admin' },
  createAdminCourses: { method: 'POST', path: '/api/admin/courses', access: 'admin', multipart: true },
  putAdminCourses: { method: 'PUT', path: '/api/admin/courses/:id', access: 'admin', multipart: true },
  deleteAdminCourses: { method: 'DELETE', path: '/api/admin/courses/:id', access: 'admin' },
});
