import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';
import {
  AdminStudentWorkSchema,
  AdminStudentWorksQuerySchema,
  StudentWorkSchema,
  StudentWorksQuerySchema,
  StudentWorkTeaserSchema,
} from './student-works';
import { studentWorksRouteTable } from './student-works.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const idErrors = { ...errors, 404: ErrorBodySchema };

export const studentWorksContract = defineContract('student-works', studentWorksRouteTable, {
  list: {
    summary: 'The newest approved works of every published lesson, each with its lesson’s title',
    query: StudentWorksQuerySchema,
    response: { 200: listEnvelope(StudentWorkTeaserSchema), 400: ErrorBodySchema },
  },
  getLessons: {
    summary: 'The approved works of a published lesson, newest first (empty for any other id)',
    params: IdParamSchema,
    response: { 200: listEnvelope(StudentWorkSchema), 400: ErrorBodySchema },
  },
  lessonsMine: {
    summary: 'The signed-in user’s own works on a lesson, pending and rejected ones too (newest first)',
    params: IdParamSchema,
    response: { 200: listEnvelope(StudentWorkSchema), 400: ErrorBodySchema, 401: ErrorBodySchema },
  },
  createLessons: {
    summary: 'Post a photo of one’s work after the lesson (goes to moderation)',
    description:
      'Purchasers of the lesson or of its course, and admins; others 403. multipart/form-data with the ' +
      'file `image` (required; an image up to 5 MB, checked by content) and the text field `caption` ' +
      '(optional, trimmed, up to 200 characters, shown as plain text). At most 3 of one author’s works ' +
      'on a lesson wait for moderation at once: 409 `STUDENT_WORKS_PENDING_LIMIT` past that.',
    params: IdParamSchema,
    response: {
      201: successEnvelope(StudentWorkSchema),
      ...idErrors,
      409: ErrorBodySchema,
      413: ErrorBodySchema,
      415: ErrorBodySchema,
    },
  },
  delete: {
    summary: 'Delete one’s own work and its photo (404 for anyone else’s)',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...idErrors },
  },
  listAdmin: {
    summary: 'Every work for moderation: status filter, search (caption, author, email, lesson), pages',
    query: AdminStudentWorksQuerySchema,
    response: { 200: listEnvelope(AdminStudentWorkSchema), ...errors },
  },
  adminApprove: {
    summary: 'Approve a work (it shows on its lesson page and the home page)',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminStudentWorkSchema), ...idErrors, 409: ErrorBodySchema },
  },
  adminReject: {
    summary: 'Reject a work (its photo is removed)',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminStudentWorkSchema), ...idErrors, 409: ErrorBodySchema },
  },
  deleteAdmin: {
    summary: 'Delete a work and its photo',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...idErrors },
  },
});
