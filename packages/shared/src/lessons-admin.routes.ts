import { defineRoutes } from './route-table';

export const lessonsAdminRouteTable = defineRoutes({
  listAdminLessons: { method: 'GET', path: '/api/admin/lessons', access: 'admin' },
  getAdminLessons: { method: 'GET', path: '/api/admin/lessons/:id', access: 'admin' },
  createAdminLessons: { method: 'POST', path: '/api/admin/lessons', access: 'admin', multipart: true },
  putAdminLessons: { method: 'PUT', path: '/api/admin/lessons/:id', access: 'admin', multipart: true },
  adminLessonsMedia: { method: 'GET', path: '/api/admin/lessons/:id/media', access: 'admin' },
  adminLessonsChapters: { method: 'PUT', path: '/api/admin/lessons/:id/chapters', access: 'admin' },
  getAdminLessonsSubtitles: { method: 'GET', path: '/api/admin/lessons/:id/subtitles/:lang', access: 'admin' },
  putAdminLessonsSubtitles: { method: 'PUT', path: '/api/admin/lessons/:id/subtitles/:lang', access: 'admin' },
  deleteAdminLessonsSubtitles: { method: 'DELETE', path: '/api/admin/lessons/:id/subtitles/:lang', access: 'admin' },
  adminLessonsHls: { method: 'GET', path: '/api/admin/lessons/:id/hls', access: 'admin' },
  adminLessonsHlsRetry: { method: 'POST', path: '/api/admin/lessons/:id/hls/retry', access: 'admin' },
  deleteAdminLessons: { method: 'DELETE', path: '/api/admin/lessons/:id', access: 'admin' },
});
