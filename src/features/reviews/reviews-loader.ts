import { unwrap, type ApiClient } from '../../api/client';
import { productUrl } from '../../config/paths';
import type { ReviewView } from '../../components/reviews/map-reviews';

/** How many of the newest reviews the customer reviews page shows. */
export const REVIEWS_PAGE_LIMIT = 20;

export interface ReviewsPageData {
  reviews: ReviewView[];
  /** Product page address by the review's productId, for the product link of each review. */
  productUrls: Record<string, string>;
  /** True when the reviews could not be loaded (the page then says so instead of "no reviews"). */
  failed: boolean;
}

/**
 * /reviews: the newest reviews of all products (GET /Reviews without productId). A review only
 * carries the product's documentId, and a product address also needs its display type
 * (catalogue-and-content.md section 2), so each reviewed product's content is looked up once; a
 * product that cannot be loaded keeps its title without a link. Never throws: a failed load
 * renders the page's empty state (section 8).
 */
export function createReviewsLoader(api: ApiClient | undefined) {
  return async (): Promise<ReviewsPageData> => {
    if (!api) return { reviews: [], productUrls: {}, failed: false };
    let reviews: ReviewView[];
    try {
      // The mapper comes beside the data, so it stays out of the first load (issue 16).
      const [answer, { mapReviews }] = await Promise.all([
        unwrap(api.GET('/Reviews', { params: { query: { limit: REVIEWS_PAGE_LIMIT } } })),
        import('../../components/reviews/map-reviews'),
      ]);
      reviews = mapReviews(answer);
    } catch {
      return { reviews: [], productUrls: {}, failed: true };
    }
    const ids = [...new Set(reviews.map((review) => review.productId).filter(Boolean))];
    const looked = await Promise.allSettled(
      ids.map((documentId) => unwrap(api.GET('/cms/products/{documentId}', { params: { path: { documentId } } }))),
    );
    const productUrls: Record<string, string> = {};
    looked.forEach((result, index) => {
      const product = result.status === 'fulfilled' ? result.value?.data : undefined;
      if (product?.display_type && product.documentId) {
        productUrls[ids[index]] = productUrl(product.display_type, product.documentId);
      }
    });
    return { reviews, productUrls, failed: false };
  };
}
