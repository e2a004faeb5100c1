import { CreateStudentWorkSchema, MAX_IMAGE_BYTES, serverMessage } from '@atelier/shared';
import { studentWorksContract as contract } from '@atelier/shared/student-works.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import type { AccountAndAddressLimit } from '../../platform/http/rate-limit';
import { route } from '../../platform/http/route';
import { STUDENT_WORKS_CACHE_TAG } from './student-works.schemas';
import type { StudentWorksService } from './student-works.service';

export interface StudentWorksRoutesOptions {
  service: StudentWorksService;
  cache: PublicCache;
  /** Customers' uploads and deletions (one allowance shared with reviews and custom orders). */
  limitUploads?: AccountAndAddressLimit | undefined;
}

const meta = (n: number) => ({ total: n, page: 1, limit: Math.max(n, 1) });

/**
 * Public: GET /api/student-works (the newest approved works, for the home page) and
 * GET /api/student-works/lessons/:id (a lesson's approved works), both from the public cache.
 * Purchasers: POST /api/student-works/lessons/:id (goes to moderation), GET …/lessons/:id/mine,
 * DELETE /api/student-works/:id (their own). Admin moderation under /api/student-works/admin, as
 * for reviews. Every change of what is public clears the cache.
 */
export const studentWorksRoutes: FastifyPluginAsync<StudentWorksRoutesOptions> = async (
  app,
  { service, cache, limitUploads },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const _tags = ['student works'];
  const _adminTags = ['student works (admin)'];
  const invalidate = () => cache.invalidate(STUDENT_WORKS_CACHE_TAG);

  route(api, contract.list, async (request, reply) => {
    await cache.reply(request, reply, STUDENT_WORKS_CACHE_TAG, async () => {
      const items = await service.listRecent(request.query.limit);
      return list(items, meta(items.length));
    });
  });

  route(api, contract.getLessons, async (request, reply) => {
    await cache.reply(request, reply, STUDENT_WORKS_CACHE_TAG, async () => {
      const items = await service.listOfLesson(request.params.id);
      return list(items, meta(items.length));
    });
  });

  route(api, contract.lessonsMine, async (request) => {
    const items = await service.listOwn(requireUser(request).id, request.params.id);
    return list(items, meta(items.length));
  });

  route(api, contract.createLessons, async (request, reply) => {
    // Access first: a non-purchaser's file is not even read.
    await service.checkAccess(requireUser(request), request.params.id);
    // Counted before the upload is read or decoded.
    await limitUploads?.(request);
    const form = await readForm(request, CreateStudentWorkSchema, {
      image: { maxBytes: MAX_IMAGE_BYTES, tooLarge: 'imageTooLarge' },
    });
    const work = await service.create(request.user, request.params.id, form.fields, form.files.image?.[0]?.data);
    return reply.code(201).send(ok(work, serverMessage('studentWorkSubmitted', requestLanguage(request))));
  });

  route(api, contract.delete, async (request) => {
    // A deletion counts too: deleting and posting again must not cycle past the moderation cap.
    await limitUploads?.(request);
    await service.removeOwn(requireUser(request).id, request.params.id);
    invalidate();
    return ok({ id: request.params.id }, serverMessage('studentWorkDeleted', requestLanguage(request)));
  });

  route(api, contract.listAdmin, async (request) => {
    const { items, meta: listMeta } = await service.adminList(request.query);
    return list(items, listMeta);
  });

  for (const action of ['approve', 'reject'] as const) {
    const entry = action === 'approve' ? contract.adminApprove : contract.adminReject;
    route(api, entry, async (request) => {
      const work = await service[action](request.params.id);
      invalidate();
      const message = action === 'approve' ? 'studentWorkApproved' : 'studentWorkRejected';
      return ok(work, serverMessage(message, requestLanguage(request)));
    });
  }

  route(api, contract.deleteAdmin, async (request) => {
    await service.remove(request.params.id);
    invalidate();
    return ok({ id: request.params.id }, serverMessage('studentWorkDeleted', requestLanguage(request)));
  });
};
