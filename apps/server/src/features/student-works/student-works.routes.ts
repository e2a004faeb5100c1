import {
  AdminStudentWorkSchema,
  AdminStudentWorksQuerySchema,
  CreateStudentWorkSchema,
  ErrorBodySchema,
  IdParamSchema,
  listEnvelope,
  MAX_IMAGE_BYTES,
  StudentWorkSchema,
  StudentWorksQuerySchema,
  StudentWorkTeaserSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import { STUDENT_WORKS_CACHE_TAG } from './student-works.schemas';
import type { StudentWorksService } from './student-works.service';

export interface StudentWorksRoutesOptions {
  service: StudentWorksService;
  cache: PublicCache;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const idErrors = { ...errors, 404: ErrorBodySchema };
const meta = (n: number) => ({ total: n, page: 1, limit: Math.max(n, 1) });

/**
 * Public: GET /api/student-works (the newest approved works, for the home page) and
 * GET /api/student-works/lessons/:id (a lesson's approved works), both from the public cache.
 * Purchasers: POST /api/student-works/lessons/:id (goes to moderation), GET …/lessons/:id/mine,
 * DELETE /api/student-works/:id (their own). Admin moderation under /api/student-works/admin, as
 * for reviews. Every change of what is public clears the cache.
 */
export const studentWorksRoutes: FastifyPluginAsync<StudentWorksRoutesOptions> = async (app, { service, cache }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['student works'];
  const adminTags = ['student works (admin)'];
  const invalidate = () => cache.invalidate(STUDENT_WORKS_CACHE_TAG);

  api.get(
    '/api/student-works',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The newest approved works of every published lesson, each with its lesson’s title',
        querystring: StudentWorksQuerySchema,
        response: { 200: listEnvelope(StudentWorkTeaserSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, STUDENT_WORKS_CACHE_TAG, async () => {
        const items = await service.listRecent(request.query.limit);
        return list(items, meta(items.length));
      });
    },
  );

  api.get(
    '/api/student-works/lessons/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The approved works of a published lesson, newest first (empty for any other id)',
        params: IdParamSchema,
        response: { 200: listEnvelope(StudentWorkSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, STUDENT_WORKS_CACHE_TAG, async () => {
        const items = await service.listOfLesson(request.params.id);
        return list(items, meta(items.length));
      });
    },
  );

  api.get(
    '/api/student-works/lessons/:id/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user’s own works on a lesson, pending and rejected ones too (newest first)',
        params: IdParamSchema,
        response: { 200: listEnvelope(StudentWorkSchema), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const items = await service.listOwn(requireUser(request).id, request.params.id);
      return list(items, meta(items.length));
    },
  );

  api.post(
    '/api/student-works/lessons/:id',
    {
      config: { access: 'user', multipart: true },
      schema: {
        tags,
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
    },
    async (request, reply) => {
      // Access first: a non-purchaser's file is not even read.
      await service.checkAccess(requireUser(request), request.params.id);
      const form = await readForm(request, CreateStudentWorkSchema, {
        image: { maxBytes: MAX_IMAGE_BYTES, tooLarge: 'imageTooLarge' },
      });
      const work = await service.create(request.user, request.params.id, form.fields, form.files.image?.[0]?.data);
      return reply.code(201).send(ok(work, serverMessage('studentWorkSubmitted', requestLanguage(request))));
    },
  );

  api.delete(
    '/api/student-works/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete one’s own work and its photo (404 for anyone else’s)',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...idErrors },
      },
    },
    async (request) => {
      await service.removeOwn(requireUser(request).id, request.params.id);
      invalidate();
      return ok({ id: request.params.id }, serverMessage('studentWorkDeleted', requestLanguage(request)));
    },
  );

  api.get(
    '/api/student-works/admin',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Every work for moderation: status filter, search (caption, author, email, lesson), pages',
        querystring: AdminStudentWorksQuerySchema,
        response: { 200: listEnvelope(AdminStudentWorkSchema), ...errors },
      },
    },
    async (request) => {
      const { items, meta: listMeta } = await service.adminList(request.query);
      return list(items, listMeta);
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    api.put(
      `/api/student-works/admin/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary:
            action === 'approve'
              ? 'Approve a work (it shows on its lesson page and the home page)'
              : 'Reject a work (its photo is removed)',
          params: IdParamSchema,
          response: { 200: successEnvelope(AdminStudentWorkSchema), ...idErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => {
        const work = await service[action](request.params.id);
        invalidate();
        const message = action === 'approve' ? 'studentWorkApproved' : 'studentWorkRejected';
        return ok(work, serverMessage(message, requestLanguage(request)));
      },
    );
  }

  api.delete(
    '/api/student-works/admin/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Delete a work and its photo',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...idErrors },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      invalidate();
      return ok({ id: request.params.id }, serverMessage('studentWorkDeleted', requestLanguage(request)));
    },
  );
};
