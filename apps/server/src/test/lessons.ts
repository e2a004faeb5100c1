/** Test fixtures for the lesson and course tests: lessons with real stored files (users: test/factory.ts). */
import { randomBytes, randomUUID } from 'node:crypto';
import { lessons, purchases } from '../db/schema';
import type { TestContext } from './harness';

/** Bytes that sniff as MP4: an `ftyp` box, then `size - 12` random bytes. */
export function fakeMp4(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

/**
 * A file that sniffs as MP4 and whose movie header says it lasts `seconds` (`ftyp`, `mdat` with
 * `padding` bytes, then `moov` with an `mvhd`, as a camera writes it), so progress can measure it.
 */
export function mp4Lasting(seconds: number, padding = 2000): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('mdat', randomBytes(padding)),
    box('moov', box('mvhd', mvhd)),
  ]);
}

export const fakePdf = (text = 'methodology') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

let nextNumber = 100;

/** A published lesson with an optional stored video and methodology sheets. */
export async function lessonWithFiles(
  t: TestContext,
  options: {
    video?: Buffer;
    methodology?: Partial<Record<'ru' | 'en' | 'es', Buffer>>;
    priceRub?: number;
    /** Any other column (prices in EUR/USD, …). */
    values?: Partial<typeof lessons.$inferInsert>;
  } = {},
) {
  const storage = t.platform.storage;
  let video = null;
  if (options.video) {
    const key = `lessons/videos/${randomUUID()}`;
    await storage.put('private', key, options.video, 'video/mp4');
    video = { key, filename: 'lesson.mp4', contentType: 'video/mp4', size: options.video.length };
  }
  const methodology: Record<string, { key: string; filename: string; contentType: string; size: number }> = {};
  for (const [lang, data] of Object.entries(options.methodology ?? {})) {
    const key = `lessons/methodology/${randomUUID()}.pdf`;
    await storage.put('private', key, data, 'application/pdf');
    methodology[lang] = { key, filename: `sheet-${lang}.pdf`, contentType: 'application/pdf', size: data.length };
  }
  const [row] = await t.database.db
    .insert(lessons)
    .values({
      number: nextNumber++,
      title: { ru: 'Урок', en: 'Lesson' },
      description: { ru: 'Описание' },
      level: 'basic',
      priceRub: options.priceRub ?? 150_000,
      priceEur: 1_600,
      priceUsd: 1_800,
      video,
      methodology,
      ...options.values,
    })
    .returning({ id: lessons.id });
  return row!.id;
}

export async function grant(t: TestContext, userId: string, lessonId: string) {
  await t.database.db.insert(purchases).values({ userId, lessonId, pricePaidRub: 150_000 });
}
