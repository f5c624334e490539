import type { components } from '../../api/schema';

export type Review = components['schemas']['Review'];

/** A review in the views' form. */
export interface ReviewView {
  id: number;
  productId: string;
  productTitle: string;
  /** 1 to 5, whole stars. */
  rating: number;
  title: string;
  body: string;
  authorName: string;
  verifiedBuyer: boolean;
  /** ISO date-time; the view formats it. */
  createdAt: string;
}

export interface ReviewSummary {
  count: number;
  /** Mean rating rounded to one decimal; 0 when there are no reviews. */
  average: number;
  /** Number of reviews per star, index 0 = 5 stars ... index 4 = 1 star. */
  distribution: [number, number, number, number, number];
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Reviews without a usable rating or body are skipped; ratings are clamped to whole 1-5 stars. */
export function mapReviews(reviews: readonly (Partial<Review> | null | undefined)[] | null | undefined): ReviewView[] {
  if (!Array.isArray(reviews)) return [];
  return reviews.flatMap((review) => {
    if (!review || typeof review.rating !== 'number' || !Number.isFinite(review.rating)) return [];
    const body = str(review.body);
    const title = str(review.title);
    if (!body && !title) return [];
    return [
      {
        id: typeof review.id === 'number' ? review.id : 0,
        productId: str(review.productId),
        productTitle: str(review.productTitle),
        rating: Math.min(5, Math.max(1, Math.round(review.rating))),
        title,
        body,
        authorName: str(review.authorName) || 'Anonymous',
        verifiedBuyer: review.verifiedBuyer === true,
        createdAt: str(review.createdAt),
      },
    ];
  });
}

export function summarizeReviews(reviews: readonly ReviewView[]): ReviewSummary {
  const distribution: ReviewSummary['distribution'] = [0, 0, 0, 0, 0];
  let total = 0;
  for (const review of reviews) {
    distribution[5 - review.rating] += 1;
    total += review.rating;
  }
  const count = reviews.length;
  return { count, average: count ? Math.round((total / count) * 10) / 10 : 0, distribution };
}

/** 'November 15, 2026' (UTC, so every visitor and test sees the date the review was written). */
export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
