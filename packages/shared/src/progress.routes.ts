import { defineRoutes } from './route-table';

export const progressRouteTable = defineRoutes({
  listTrainingLessonsProgress: { method: 'GET', path: '/api/training/lessons/:id/progress', access: 'user' },
  putTrainingLessonsProgress: { method: 'PUT', path: '/api/training/lessons/:id/progress', access: 'user' },
  trainingProgress: { method: 'GET', path: '/api/training/progress', access: 'user' },
  adminProgressLessons: { method: 'GET', path: '/api/admin/progress/lessons', access: 'admin' },
});
