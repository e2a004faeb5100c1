import { CourseWriteSchema, POSTER_MAX_BYTES } from '@atelier/shared';
import { coursesContract as contract } from '@atelier/shared/courses.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
import type { SeoRegistry } from '../../platform/http/seo';
import { TRAINING_CACHE_TAG } from '../lessons/lessons.schemas';
import type { CoursesService } from './courses.service';

export interface CoursesRoutesOptions {
  service: CoursesService;
  cache: PublicCache;
  seo: SeoRegistry;
  /** Counts a promo-code check or a purchase naming a code (429 past the limit; docs/decisions/0057). */
  limitPromoCodes?: ((request: FastifyRequest) => Promise<void>) | undefined;
}

/** /api/training/courses (public + promo check; the purchase: features/checkout), /api/admin/courses (CRUD), the course pages' SEO. */
export const coursesRoutes: FastifyPluginAsync<CoursesRoutesOptions> = async (
  app,
  { service, cache, seo, limitPromoCodes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const coverRule = { cover: { maxBytes: POSTER_MAX_BYTES, tooLarge: 'imageTooLarge' as const } };

  route(api, contract.listTrainingCourses, async (request, reply) => {
    await cache.reply(request, reply, TRAINING_CACHE_TAG, async () =>
      ok(await service.list(request.query, request.user?.id)),
    );
  });

  route(api, contract.getTrainingCourses, async (request, reply) => {
    await cache.reply(request, reply, TRAINING_CACHE_TAG, async () =>
      ok(await service.get(request.params.id, request.user?.id)),
    );
  });

  route(api, contract.trainingCoursePurchases, async (request) => ok(await service.purchases(requireUser(request).id)));

  route(api, contract.trainingCoursesPromoCheck, async (request) => {
    await limitPromoCodes?.(request);
    return ok(await service.quote(requireUser(request), request.params.id, request.body.promoCode));
  });

  // ------------------------------------------------------------ admin
  route(api, contract.listAdminCourses, async () => ok(await service.adminList()));

  route(api, contract.getAdminCourses, async (request) => ok(await service.adminGet(request.params.id)));

  route(api, contract.createAdminCourses, async (request, reply) => {
    const form = await readForm(request, CourseWriteSchema, coverRule);
    const created = await service.create(form.fields, form.files.cover?.[0]?.data);
    return reply.code(201).send(ok(created));
  });

  route(api, contract.putAdminCourses, async (request) => {
    const form = await readForm(request, CourseWriteSchema, coverRule);
    return ok(await service.update(request.params.id, form.fields, form.files.cover?.[0]?.data));
  });

  route(api, contract.deleteAdminCourses, async (request) => {
    await service.remove(request.params.id);
    return ok(null);
  });

  seo.register('/training-course/:id', (params, _query, lang) => service.seo(params.id, lang));
  seo.addSitemapSource(() => service.sitemap());
};
