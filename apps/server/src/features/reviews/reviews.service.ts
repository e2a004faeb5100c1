import type {
  AdminReview,
  AdminReviewsQuery,
  CreateReview,
  Image,
  ListMeta,
  PaginationQuery,
  Review,
} from '@atelier/shared';
import type { Db } from '../../db/client';
import { InvalidInput, NotFound } from '../../platform/errors';
import type { ImagePipeline } from '../../platform/images/images';
import { type AdminReviewRow, type ApprovedReviewRow, createReviewsRepo, type ReviewsRepo } from './reviews.repo';

function toReview(row: ApprovedReviewRow): Review {
  return {
    id: row.id,
    userName: row.userName,
    reviewText: row.text,
    rating: row.rating,
    image: row.image ?? null,
    status: row.status,
    verifiedBuyer: row.verifiedBuyer === true,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminReview(row: AdminReviewRow): AdminReview {
  return { ...toReview(row), userEmail: row.userEmail ?? null, moderatedAt: row.moderatedAt?.toISOString() ?? null };
}

export interface ReviewAuthor {
  id: string;
  name: string;
}

export function createReviewsService({
  db,
  images,
  repo = createReviewsRepo(db),
}: {
  db: Db;
  images?: ImagePipeline;
  /** A stand-in for read-only unit tests; writes always use `db`. */
  repo?: ReviewsRepo;
}) {
  function pipeline(): ImagePipeline {
    if (!images) throw new Error('reviews service needs the image pipeline to write');
    return images;
  }

  async function one(id: string): Promise<AdminReview> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound();
    return toAdminReview(row);
  }

  return {
    /** What visitors see: approved reviews only, in the order the admin arranged them. */
    async listApproved(query: PaginationQuery): Promise<{ items: Review[]; meta: ListMeta }> {
      const { rows, total } = await repo.listApproved({ offset: (query.page - 1) * query.limit, limit: query.limit });
      return { items: rows.map(toReview), meta: { total, page: query.page, limit: query.limit } };
    },

    /** The signed-in user's own reviews, whatever their status (a pending one is visible to its author). */
    async listOwn(userId: string): Promise<Review[]> {
      return (await repo.listOwn(userId)).map(toReview);
    },

    /**
     * A new review waits for moderation. The photo is checked by content and converted before the
     * row is written; if the write fails the converted files are removed again.
     */
    async create(author: ReviewAuthor, input: CreateReview, photo?: Buffer): Promise<Review> {
      const image: Image | null = photo ? await pipeline().ingest(photo, 'reviews') : null;
      try {
        const id = await repo.insert({
          userId: author.id,
          userName: author.name,
          text: input.reviewText,
          rating: input.rating,
          image,
        });
        return toReview((await repo.findById(id))!);
      } catch (error) {
        if (image)
          await pipeline()
            .remove(image)
            .catch(() => undefined);
        throw error;
      }
    },

    async adminList(query: AdminReviewsQuery): Promise<{ items: AdminReview[]; meta: ListMeta }> {
      const { rows, total } = await repo.listForAdmin(
        { status: query.status === 'all' ? undefined : query.status, search: query.search || undefined },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return { items: rows.map(toAdminReview), meta: { total, page: query.page, limit: query.limit } };
    },

    /** Approving puts the review first on the home page (the admin can move it afterwards). */
    async approve(id: string): Promise<AdminReview> {
      await db.transaction(async (tx) => {
        const txRepo = createReviewsRepo(tx);
        const current = await txRepo.findById(id);
        if (!current) throw new NotFound();
        if (current.status === 'approved') return;
        await txRepo.setStatus(id, 'approved', await txRepo.topPosition());
      });
      return one(id);
    },

    async reject(id: string): Promise<AdminReview> {
      if (!(await repo.setStatus(id, 'rejected'))) throw new NotFound();
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
