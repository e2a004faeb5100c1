import { z } from 'zod';
import { ImageSchema, LocalizedTextSchema } from './base-schemas';
import type { ServerMessageKey } from './messages';

export const STUDENT_WORK_CAPTION_MAX = 200;
/** Works of one author on one lesson that may wait for moderation at once. */
export const STUDENT_WORKS_PENDING_MAX = 3;
/** How many approved works the home page's "made by students" strip shows. */
export const STUDENT_WORKS_HOME_LIMIT = 8;
export const STUDENT_WORK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type StudentWorkStatus = (typeof STUDENT_WORK_STATUSES)[number];

/**
 * A photo of a result a student made after a lesson. `image` is null only for a rejected work
 * (its photo is removed at rejection); `authorName` is the author's first name.
 */
export const StudentWorkSchema = z.object({
  id: z.uuid(),
  lessonId: z.uuid(),
  authorName: z.string(),
  caption: z.string(),
  image: ImageSchema.nullable(),
  status: z.enum(STUDENT_WORK_STATUSES),
  createdAt: z.iso.datetime(),
});
export type StudentWork = z.infer<typeof StudentWorkSchema>;

/** An approved work in the home page's strip: with the title of the lesson it links to. */
export const StudentWorkTeaserSchema = StudentWorkSchema.extend({ lessonTitle: LocalizedTextSchema });
export type StudentWorkTeaser = z.infer<typeof StudentWorkTeaserSchema>;

/** A compile-time-checked message key. */
const m = (key: ServerMessageKey) => key;

/**
 * POST /student-works/lessons/:id: multipart with the file `image` (required) and the text field
 * `caption` (optional, trimmed, up to 200 characters, shown as plain text).
 */
export const CreateStudentWorkSchema = z.object({
  caption: z
    .string({ error: m('studentWorkCaptionTooLong') })
    .trim()
    .max(STUDENT_WORK_CAPTION_MAX, m('studentWorkCaptionTooLong'))
    .default(''),
});
export type CreateStudentWork = z.infer<typeof CreateStudentWorkSchema>;

export const StudentWorksQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(48).default(STUDENT_WORKS_HOME_LIMIT),
});
export type StudentWorksQuery = z.infer<typeof StudentWorksQuerySchema>;

/** What the admin sees: also the author's email (null for a deleted account) and the lesson's title. */
export const AdminStudentWorkSchema = StudentWorkTeaserSchema.extend({
  userEmail: z.string().nullable(),
  moderatedAt: z.iso.datetime().nullable(),
});
export type AdminStudentWork = z.infer<typeof AdminStudentWorkSchema>;

export const AdminStudentWorksQuerySchema = z.object({
  status: z.enum(['all', ...STUDENT_WORK_STATUSES]).default('all'),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export type AdminStudentWorksQuery = z.infer<typeof AdminStudentWorksQuerySchema>;
