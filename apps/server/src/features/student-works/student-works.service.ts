import {
  type AdminStudentWork,
  type AdminStudentWorksQuery,
  type CreateStudentWork,
  fillText,
  type Image,
  type ListMeta,
  SERVER_MESSAGES,
  STUDENT_WORKS_PENDING_MAX,
  type StudentWork,
  type StudentWorkTeaser,
} from '@atelier/shared';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { ImagePipeline } from '../../platform/images/images';
import { createUploadSlots } from '../../platform/images/upload-slots';
import {
  type AdminStudentWorkRow,
  createStudentWorksRepo,
  type StudentWorkRow,
  type StudentWorkTeaserRow,
} from './student-works.repo';
import { LESSON_WORKS_LIMIT } from './student-works.schemas';

/**
 * How a photo is shown: an approved work's from public storage as stored; a waiting one's is
 * private, so its author and the admin get short-lived signed URLs.
 */
type ShowImage = (image: Image, status: string) => Image;
const asStored: ShowImage = (image) => image;

function toWork(row: StudentWorkRow, show: ShowImage = asStored): StudentWork {
  return {
    id: row.id,
    lessonId: row.lessonId,
    authorName: row.authorName,
    caption: row.caption,
    image: row.image ? show(row.image, row.status) : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const toTeaser = (row: StudentWorkTeaserRow, show: ShowImage = asStored): StudentWorkTeaser => ({
  ...toWork(row, show),
  lessonTitle: row.lessonTitle,
});

function toAdminWork(row: AdminStudentWorkRow, show: ShowImage): AdminStudentWork {
  return {
    ...toTeaser(row, show),
    userEmail: row.userEmail ?? null,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}

/** The name shown under a work: the account's first name, else the first word of its name. */
export function firstNameOf(user: Pick<SessionUser, 'firstName' | 'name'>): string {
  const first = user.firstName?.trim();
  if (first) return first;
  return user.name.trim().split(/\s+/)[0] ?? '';
}

function pendingLimit(): Conflict {
  const max = STUDENT_WORKS_PENDING_MAX;
  const text = SERVER_MESSAGES.studentWorksPendingLimit;
  return new Conflict(
    { ru: fillText(text.ru, { max }), en: fillText(text.en, { max }), es: fillText(text.es, { max }) },
    { max },
    'STUDENT_WORKS_PENDING_LIMIT',
  );
}

export function createStudentWorksService({
  db,
  images,
  access,
}: {
  db: Db;
  images: ImagePipeline;
  /**
   * Who may post: the rule of the lesson's private files (purchasers of it or its course, admins),
   * throwing 401/403/404 as for its video (the lessons feature's access check, handed in by the app).
   */
  access: { authorize(user: SessionUser | null, lessonId: string): Promise<{ id: string }> };
}) {
  const repo = createStudentWorksRepo(db);
  const show: ShowImage = (image, status) => (status === 'approved' ? image : images.privateView(image));
  const slots = createUploadSlots(db);
  const dropPhoto = (image: Image | null | undefined) =>
    image ? images.remove(image).catch(() => undefined) : Promise.resolve();

  async function one(id: string): Promise<AdminStudentWork> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound();
    return toAdminWork(row, show);
  }

  return {
    /** 401/403/404 unless `user` may post on the lesson (the rule of its video). */
    async checkAccess(user: SessionUser | null, lessonId: string): Promise<void> {
      await access.authorize(user, lessonId);
    },

    /** What visitors see on a lesson page: its approved works, newest first. */
    async listOfLesson(lessonId: string): Promise<StudentWork[]> {
      return (await repo.listApprovedOfLesson(lessonId, LESSON_WORKS_LIMIT)).map((row) => toWork(row));
    },

    /** The home page's "made by students": the newest approved works, each with its lesson's title. */
    async listRecent(limit: number): Promise<StudentWorkTeaser[]> {
      return (await repo.listApproved(limit)).map((row) => toTeaser(row));
    },

    /** The signed-in user's own works on a lesson, pending and rejected ones too. */
    async listOwn(userId: string, lessonId: string): Promise<StudentWork[]> {
      return (await repo.listOwn(userId, lessonId)).map((row) => toWork(row, show));
    },

    /**
     * A new work waits for moderation. Only those who may watch the lesson post (401/403/404 as for
     * its video); at most STUDENT_WORKS_PENDING_MAX of one author's works on a lesson wait at once
     * (409). The photo is checked by content and converted before the row is written, and removed
     * again if the row is not.
     */
    async create(user: SessionUser | null, lessonId: string, input: CreateStudentWork, photo?: Buffer) {
      const lesson = await access.authorize(user, lessonId);
      const author = user as SessionUser;
      if (!photo) throw new InvalidInput('studentWorkPhotoRequired', { field: 'image' });
      // A photo refused by its header costs no slot and no lock.
      await images.inspect(photo, 'student-works');
      // Counted under a lock per author before the photo costs anything, the posts still
      // converting their photos included, and once more before the write.
      const slot = await slots.take({
        kind: `student-work:${lesson.id}`,
        accountId: author.id,
        max: STUDENT_WORKS_PENDING_MAX,
        stored: (tx) => createStudentWorksRepo(tx).countPending(author.id, lesson.id),
        refuse: pendingLimit,
      });
      let image: Image | null = null;
      try {
        // Private until approved: only the author and the admin see it meanwhile.
        image = await images.ingest(photo, 'student-works', 'private');
        const stored = image;
        const id = await db.transaction(async (tx) => {
          const txRepo = createStudentWorksRepo(tx);
          await slot.settle(tx);
          if ((await txRepo.countPending(author.id, lesson.id)) >= STUDENT_WORKS_PENDING_MAX) throw pendingLimit();
          return txRepo.insert({
            lessonId: lesson.id,
            userId: author.id,
            authorName: firstNameOf(author),
            caption: input.caption,
            image: stored,
          });
        });
        return toWork((await repo.findById(id))!, show);
      } catch (error) {
        await dropPhoto(image);
        throw error;
      } finally {
        await slot.release();
      }
    },

    /** The author takes down their own work (any status); someone else's or an unknown id is 404. */
    async removeOwn(userId: string, id: string): Promise<void> {
      const gone = await repo.delete(id, userId);
      if (!gone) throw new NotFound();
      await dropPhoto(gone.image);
    },

    async adminList(query: AdminStudentWorksQuery): Promise<{ items: AdminStudentWork[]; meta: ListMeta }> {
      const { rows, total } = await repo.listForAdmin(
        { status: query.status === 'all' ? undefined : query.status, search: query.search || undefined },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return {
        items: rows.map((row) => toAdminWork(row, show)),
        meta: { total, page: query.page, limit: query.limit },
      };
    },

    /**
     * A rejected work has lost its photo: it cannot be approved (409). Approving moves the photo to
     * public storage first, so an approved work never points at a private file.
     */
    async approve(id: string): Promise<AdminStudentWork> {
      const current = await repo.findById(id);
      if (!current) throw new NotFound();
      if (current.image) await images.setVisibility(current.image, 'public');
      // The update checks the photo again: a rejection in between wins.
      if (!current.image || !(await repo.approve(id))) {
        throw new Conflict('studentWorkHasNoPhoto', undefined, 'STUDENT_WORK_HAS_NO_PHOTO');
      }
      return one(id);
    },

    /** Rejecting removes the photo: nobody sees a rejected work, and nothing of it is kept but the row. */
    async reject(id: string): Promise<AdminStudentWork> {
      const before = await repo.reject(id);
      if (!before) throw new NotFound();
      await dropPhoto(before.image);
      return one(id);
    },

    async remove(id: string): Promise<void> {
      const gone = await repo.delete(id);
      if (!gone) throw new NotFound();
      await dropPhoto(gone.image);
    },
  };
}
export type StudentWorksService = ReturnType<typeof createStudentWorksService>;
