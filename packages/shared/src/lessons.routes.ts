import { defineRoutes } from './route-table';

export const lessonsRouteTable = defineRoutes({
  listTrainingLessons: { method: 'GET', path: '/api/training/lessons', access: 'public' },
  getTrainingLessons: { method: 'GET', path: '/api/training/lessons/:id', access: 'public' },
  trainingPurchases: { method: 'GET', path: '/api/training/purchases', access: 'user' },
  trainingLessonsAccess: { method: 'GET', path: '/api/training/lessons/:id/access', access: 'user' },
  trainingLessonsVideo: { method: 'GET', path: '/api/training/lessons/:id/video', access: 'public' },
  trainingLessonsPreview: { method: 'GET', path: '/api/training/lessons/:id/preview', access: 'public' },
  trainingLessonsHls: { method: 'GET', path: '/api/training/lessons/:id/hls/:version/:token/*', access: 'public' },
  trainingLessonsMethodology: { method: 'GET', path: '/api/training/lessons/:id/methodology/:lang', access: 'public' },
  trainingLessonsSubtitles: { method: 'GET', path: '/api/training/lessons/:id/subtitles/:lang', access: 'public' },
  listTrainingPlayerSettings: { method: 'GET', path: '/api/training/player-settings', access: 'user' },
  putTrainingPlayerSettings: { method: 'PUT', path: '/api/training/player-settings', access: 'user' },
  trainingLessonsPromoCheck: { method: 'POST', path: '/api/training/lessons/:id/promo-check', access: 'user' },
});
