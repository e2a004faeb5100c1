import {
  type AdminReview,
  type AdminReviewsQuery,
  type CreateReview,
  fillText,
  type Image,
  type ListMeta,
  type PaginationQuery,
  REVIEWS_PENDING_MAX,
  type Review,
  SERVER_MESSAGES,
} from '@atelier/shared';
import type { Db } from '../../db/client';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { ImagePipeline } from '../../platform/images/images';
import { createUploadSlots } from '../../platform/images/upload-slots';
import { type AdminReviewRow, type ApprovedReviewRow, createReviewsRepo, type ReviewsRepo } from './reviews.repo';

/**
 * How a photo is shown: an approved review's from public storage as stored; any other's (waiting,
 * rejected) is private, so its author and the admin get short-lived signed URLs.
 */
type ShowImage = (image: Image, status: string) => Image;
const asStored: ShowImage = (image) => image;

function toReview(row: ApprovedReviewRow, show: ShowImage = asStored): Review {
  return {
    id: row.id,
    userName: row.userName,
    reviewText: row.text,
    rating: row.rating,
    image: row.image ? show(row.image, row.status) : null,
    status: row.status,
    verifiedBuyer: row.verifiedBuyer === true,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminReview(row: AdminReviewRow, show: ShowImage): AdminReview {
  return {
    ...toReview(row, show),
    userEmail: row.userEmail ?? null,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}

export interface ReviewAuthor {
  id: string;
  name: string;
}

function pendingLimit(max: number): Conflict {
  const text = SERVER_MESSAGES.reviewsPendingLimit;
  return new Conflict(
    { ru: fillText(text.ru, { max }), en: fillText(text.en, { max }), es: fillText(text.es, { max }) },
    { max },
    'REVIEWS_PENDING_LIMIT',
  );
}

export function createReviewsService({
  db,
  images,
  repo = createReviewsRepo(db),
  pendingMax = REVIEWS_PENDING_MAX,
}: {
  db: Db;
  images?: ImagePipeline;
  /** One author's reviews waiting for moderation at once (more: 409). */
  pendingMax?: number;
  /** A stand-in for read-only unit tests; writes always use `db`. */
  repo?: ReviewsRepo;
}) {
  function pipeline(): ImagePipeline {
    if (!images) throw new Error('reviews service needs the image pipeline to write');
    return images;
  }

  const show: ShowImage = (image, status) => (status === 'approved' || !images ? image : images.privateView(image));
  const slots = createUploadSlots(db);

  async function one(id: string): Promise<AdminReview> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound();
    return toAdminReview(row, show);
  }

  return {
    /** What visitors see: approved reviews only, in the order the admin arranged them. */
    async listApproved(query: PaginationQuery): Promise<{ items: Review[]; meta: ListMeta }> {
      const { rows, total } = await repo.listApproved({ offset: (query.page - 1) * query.limit, limit: query.limit });
      return { items: rows.map((row) => toReview(row)), meta: { total, page: query.page, limit: query.limit } };
    },

    /** The signed-in user's own reviews, whatever their status (a pending one is visible to its author). */
    async listOwn(userId: string): Promise<Review[]> {
      return (await repo.listOwn(userId)).map((row) => toReview(row, show));
    },

    /**
     * A new review waits for moderation; at most `pendingMax` of one author's wait at once (409).
     * The cap is counted under a lock per author before the photo costs anything, the posts still
     * converting their photos included (an upload slot), and once more before the write. The photo
     * is checked by content and converted before the row is written, and kept private until the
     * review is approved; if the write fails the converted files are removed.
     */
    async create(author: ReviewAuthor, input: CreateReview, photo?: Buffer): Promise<Review> {
      // A photo refused by its header costs no slot and no lock.
      if (photo) await pipeline().inspect(photo, 'reviews');
      const slot = await slots.take({
        kind: 'review',
        accountId: author.id,
        max: pendingMax,
        stored: (tx) => createReviewsRepo(tx).countPending(author.id),
        refuse: () => pendingLimit(pendingMax),
      });
      let image: Image | null = null;
      try {
        image = photo ? await pipeline().ingest(photo, 'reviews', 'private') : null;
        const id = await db.transaction(async (tx) => {
          const txRepo = createReviewsRepo(tx);
          await slot.settle(tx);
          if ((await txRepo.countPending(author.id)) >= pendingMax) throw pendingLimit(pendingMax);
          return txRepo.insert({
            userId: author.id,
            userName: author.name,
            text: input.reviewText,
            rating: input.rating,
            image,
          });
        });
        return toReview((await repo.findById(id))!, show);
      } catch (error) {
        if (image)
          await pipeline()
            .remove(image)
            .catch(() => undefined);
        throw error;
      } finally {
        await slot.release();
      }
    },

    async adminList(query: AdminReviewsQuery): Promise<{ items: AdminReview[]; meta: ListMeta }> {
      const { rows, total } = await repo.listForAdmin(
        { status: query.status === 'all' ? undefined : query.status, search: query.search || undefined },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return {
        items: rows.map((row) => toAdminReview(row, show)),
        meta: { total, page: query.page, limit: query.limit },
      };
    },

    /**
     * Approving puts the review first on the home page (the admin can move it afterwards) and its
     * photo into public storage (moved before the status changes, so a public review never points
     * at a private file).
     */
    async approve(id: string): Promise<AdminReview> {
      const before = await repo.findById(id);
      if (!before) throw new NotFound();
      if (before.image) await pipeline().setVisibility(before.image, 'public');
      await db.transaction(async (tx) => {
        const txRepo = createReviewsRepo(tx);
        const current = await txRepo.findById(id);
        if (!current) throw new NotFound();
        if (current.status === 'approved') return;
        await txRepo.setStatus(id, 'approved', await txRepo.topPosition());
      });
      return one(id);
    },

    /**
     * A rejected review's photo goes back to private storage (its author and the admin still see
     * it). One that was public gets new keys on the way: its public URLs were served `immutable`,
     * so they must answer 404 from now on and never come back, even if the review is approved again.
     */
    async reject(id: string): Promise<AdminReview> {
      const before = await repo.findById(id);
      if (!before || !(await repo.setStatus(id, 'rejected'))) throw new NotFound();
      if (before.image && before.status === 'approved') {
        await repo.setImage(id, await pipeline().rekey(before.image, 'private'));
      } else if (before.image) {
        await pipeline().setVisibility(before.image, 'private');
      }
      return one(id);
    },

    async remove(id: string): Promise<void> {
      const gone = await repo.delete(id);
      if (!gone) throw new NotFound();
      if (gone.image)
        await pipeline()
          .remove(gone.image)
          .catch(() => undefined);
    },

    /**
     * The approved reviews in the given order. Only approved reviews, each once; approved ones not
     * listed keep their order after the listed ones. One transaction with the rows locked.
     */
    async reorder(ids: string[]): Promise<void> {
      if (new Set(ids).size !== ids.length) throw new InvalidInput('reviewOrderInvalid', { field: 'reviews' });
      await db.transaction(async (tx) => {
        const txRepo = createReviewsRepo(tx);
        const current = await txRepo.approvedIdsForUpdate();
        const approvedSet = new Set(current);
        if (ids.some((id) => !approvedSet.has(id))) throw new InvalidInput('reviewOrderInvalid', { field: 'reviews' });
        const listed = new Set(ids);
        const order = [...ids, ...current.filter((id) => !listed.has(id))];
        for (const [position, id] of order.entries()) await txRepo.setPosition(id, position);
      });
    },

    /** Average of approved ratings rounded to 0.1, or null when there is no approved review yet. */
    async rating(): Promise<{ ratingValue: number; reviewCount: number } | null> {
      const { average, count } = await repo.approvedRating();
      if (count === 0 || average === null) return null;
      return { ratingValue: Math.round(average * 10) / 10, reviewCount: count };
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
