import { defineRoutes } from './route-table';

export const studentWorksRouteTable = defineRoutes({
  list: { method: 'GET', path: '/api/student-works', access: 'public' },
  getLessons: { method: 'GET', path: '/api/student-works/lessons/:id', access: 'public' },
  lessonsMine: { method: 'GET', path: '/api/student-works/lessons/:id/mine', access: 'user' },
  createLessons: { method: 'POST', path: '/api/student-works/lessons/:id', access: 'user', multipart: true },
  delete: { method: 'DELETE', path: '/api/student-works/:id', access: 'user' },
  listAdmin: { method: 'GET', path: '/api/student-works/admin', access: 'admin' },
  adminApprove: { method: 'PUT', path: '/api/student-works/admin/:id/approve', access: 'admin' },
  adminReject: { method: 'PUT', path: '/api/student-works/admin/:id/reject', access: 'admin' },
  deleteAdmin: { method: 'DELETE', path: '/api/student-works/admin/:id', access: 'admin' },
});
