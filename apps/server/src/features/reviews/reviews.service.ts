import type { ListMeta, PaginationQuery, Review } from '@atelier/shared';
import type { ApprovedReviewRow, ReviewsRepo } from './reviews.repo';

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

export function createReviewsService({ repo }: { repo: ReviewsRepo }) {
  return {
    /** What visitors see: approved reviews only, in the order the admin arranged them. */
    async listApproved(query: PaginationQuery): Promise<{ items: Review[]; meta: ListMeta }> {
      const { rows, total } = await repo.listApproved({ offset: (query.page - 1) * query.limit, limit: query.limit });
      return { items: rows.map(toReview), meta: { total, page: query.page, limit: query.limit } };
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
