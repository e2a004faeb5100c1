import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { coursesRouteTable } from './courses.routes';
import {
  AdminCourseSchema,
  CourseListQuerySchema,
  CoursePurchaseSchema,
  CourseQuoteSchema,
  CourseSchema,
  PromoCheckBodySchema,
} from './training';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const FORM_DESCRIPTION =
  'multipart/form-data: a `data` part (JSON of the fields) and an optional `cover` image; or a plain JSON body. ' +
  '`lessonIds` is the ordered list of the lessons of the course (drag-and-drop order of the admin form).';

export const coursesContract = defineContract('courses', coursesRouteTable, {
  listTrainingCourses: {
    summary: 'Published courses and master classes with their lessons in order',
    description:
      '`kind`: all | courses | masterClasses. Signed in: `purchased`, `credit` and `priceForYou` per course.',
    query: CourseListQuerySchema,
    response: { 200: successEnvelope(z.array(CourseSchema)), 400: ErrorBodySchema },
  },
  getTrainingCourses: {
    summary: 'One published course: lessons in order, total duration, level, price, seats',
    params: IdParamSchema,
    response: { 200: successEnvelope(CourseSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  trainingCoursePurchases: {
    summary: "The signed-in user's course purchases with dates, newest first",
    response: { 200: successEnvelope(z.array(CoursePurchaseSchema)), 401: ErrorBodySchema },
  },
  trainingCoursesPromoCheck: {
    summary: 'Checks a promo code for the course: price before/after it and after the credit',
    params: IdParamSchema,
    body: PromoCheckBodySchema,
    response: { 200: successEnvelope(CourseQuoteSchema), ...errors },
  },
  listAdminCourses: {
    summary: 'Every course and master class, published or not',
    response: { 200: successEnvelope(z.array(AdminCourseSchema)), ...errors },
  },
  getAdminCourses: {
    summary: 'One course for editing',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminCourseSchema), ...errors },
  },
  createAdminCourses: {
    summary: 'Creates a course or master class',
    description: FORM_DESCRIPTION,
    response: { 201: successEnvelope(AdminCourseSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
  },
  putAdminCourses: {
    summary: 'Replaces the fields and the ordered lessons of a course; a cover sent replaces the stored one',
    description: `${FORM_DESCRIPTION} \`removeCover\` drops the stored cover.`,
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminCourseSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
  },
  deleteAdminCourses: {
    summary: 'Deletes a course without orders (its lessons stay, outside any course)',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.null()), ...errors, 409: ErrorBodySchema },
  },
});
