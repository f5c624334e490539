import { useMemo } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { paths } from '../../config/paths';
import { summarizeReviews } from '../../components/reviews/map-reviews';
import { ReviewList, ReviewSummaryPanel } from '../../components/reviews/review-list';
import type { createReviewsLoader } from './reviews-loader';
import styles from '../../components/reviews/reviews.module.css';

/**
 * Customer reviews (catalogue-and-content.md section 2, support hub): the newest reviews of all
 * products with an average rating summary; each review links to its product.
 */
export function ReviewsScreen() {
  const { reviews, productUrls, failed } = useLoaderData<ReturnType<typeof createReviewsLoader>>();
  const summary = useMemo(() => summarizeReviews(reviews), [reviews]);

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <p className={styles.eyebrow}>
          <Link to={paths.support}>Support</Link>
        </p>
        <h1 className={styles.pageTitle}>Customer Reviews</h1>
        <p className={styles.lead}>The newest reviews from Ridgeline owners, across every product we make.</p>
      </header>
      {reviews.length === 0 ? (
        <p className={styles.status} role={failed ? 'status' : undefined}>
          {failed ? 'Reviews could not be loaded right now. Please try again later.' : 'No reviews yet.'}
        </p>
      ) : (
        <div className={styles.pageBody}>
          <section aria-labelledby="reviews-summary-heading" className={styles.summarySection}>
            <h2 id="reviews-summary-heading" className={styles.sectionHeading}>
              Average Rating
            </h2>
            <ReviewSummaryPanel summary={summary} />
          </section>
          <section aria-labelledby="reviews-list-heading">
            <h2 id="reviews-list-heading" className={styles.sectionHeading}>
              Latest Reviews
            </h2>
            <ReviewList reviews={reviews} productUrls={productUrls} showProduct />
          </section>
        </div>
      )}
    </div>
  );
}
