import {
  AdminCourseSchema,
  CourseListQuerySchema,
  CoursePurchaseSchema,
  CourseQuoteSchema,
  CourseSchema,
  CourseWriteSchema,
  ErrorBodySchema,
  IdParamSchema,
  POSTER_MAX_BYTES,
  PromoCheckBodySchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
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

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const FORM_DESCRIPTION =
  'multipart/form-data: a `data` part (JSON of the fields) and an optional `cover` image; or a plain JSON body. ' +
  '`lessonIds` is the ordered list of the lessons of the course (drag-and-drop order of the admin form).';

/** /api/training/courses (public + promo check; the purchase: features/checkout), /api/admin/courses (CRUD), the course pages' SEO. */
export const coursesRoutes: FastifyPluginAsync<CoursesRoutesOptions> = async (
  app,
  { service, cache, seo, limitPromoCodes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const coverRule = { cover: { maxBytes: POSTER_MAX_BYTES, tooLarge: 'imageTooLarge' as const } };

  api.get(
    '/api/training/courses',
    {
      config: { access: 'public' },
      schema: {
        tags: ['training'],
        summary: 'Published courses and master classes with their lessons in order',
        description:
          '`kind`: all | courses | masterClasses. Signed in: `purchased`, `credit` and `priceForYou` per course.',
        querystring: CourseListQuerySchema,
        response: { 200: successEnvelope(z.array(CourseSchema)), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, TRAINING_CACHE_TAG, async () =>
        ok(await service.list(request.query, request.user?.id)),
      );
    },
  );

  api.get(
    '/api/training/courses/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['training'],
        summary: 'One published course: lessons in order, total duration, level, price, seats',
        params: IdParamSchema,
        response: { 200: successEnvelope(CourseSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, TRAINING_CACHE_TAG, async () =>
        ok(await service.get(request.params.id, request.user?.id)),
      );
    },
  );

  api.get(
    '/api/training/course-purchases',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: "The signed-in user's course purchases with dates, newest first",
        response: { 200: successEnvelope(z.array(CoursePurchaseSchema)), 401: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.purchases(requireUser(request).id)),
  );

  api.post(
    '/api/training/courses/:id/promo-check',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: 'Checks a promo code for the course: price before/after it and after the credit',
        params: IdParamSchema,
        body: PromoCheckBodySchema,
        response: { 200: successEnvelope(CourseQuoteSchema), ...errors },
      },
    },
    async (request) => {
      await limitPromoCodes?.(request);
      return ok(await service.quote(requireUser(request), request.params.id, request.body.promoCode));
    },
  );

  // ------------------------------------------------------------ admin
  api.get(
    '/api/admin/courses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Every course and master class, published or not',
        response: { 200: successEnvelope(z.array(AdminCourseSchema)), ...errors },
      },
    },
    async () => ok(await service.adminList()),
  );

  api.get(
    '/api/admin/courses/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'One course for editing',
        params: IdParamSchema,
        response: { 200: successEnvelope(AdminCourseSchema), ...errors },
      },
    },
    async (request) => ok(await service.adminGet(request.params.id)),
  );

  api.post(
    '/api/admin/courses',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Creates a course or master class',
        description: FORM_DESCRIPTION,
        response: { 201: successEnvelope(AdminCourseSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, CourseWriteSchema, coverRule);
      const created = await service.create(form.fields, form.files.cover?.[0]?.data);
      return reply.code(201).send(ok(created));
    },
  );

  api.put(
    '/api/admin/courses/:id',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Replaces the fields and the ordered lessons of a course; a cover sent replaces the stored one',
        description: `${FORM_DESCRIPTION} \`removeCover\` drops the stored cover.`,
        params: IdParamSchema,
        response: { 200: successEnvelope(AdminCourseSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      const form = await readForm(request, CourseWriteSchema, coverRule);
      return ok(await service.update(request.params.id, form.fields, form.files.cover?.[0]?.data));
    },
  );

  api.delete(
    '/api/admin/courses/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Deletes a course without orders (its lessons stay, outside any course)',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.null()), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return ok(null);
    },
  );

  seo.register('/training-course/:id', (params, _query, lang) => service.seo(params.id, lang));
  seo.addSitemapSource(() => service.sitemap());
};
