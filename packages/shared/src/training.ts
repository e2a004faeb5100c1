import { z } from 'zod';
import { LANGUAGES, LocalizedTextSchema } from './i18n';
import { ImageSchema } from './images';
import { PriceSchema } from './money';

export const LESSON_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export type LessonLevel = (typeof LESSON_LEVELS)[number];

export const LessonSchema = z.object({
  id: z.uuid(),
  number: z.number().int().positive(),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
  level: z.enum(LESSON_LEVELS),
  price: PriceSchema,
  durationMinutes: z.number().int().positive().optional(),
  hasVideo: z.boolean(),
  methodologyLanguages: z.array(z.enum(LANGUAGES)),
  purchased: z.boolean(),
  poster: ImageSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type Lesson = z.infer<typeof LessonSchema>;
