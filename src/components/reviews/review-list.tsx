import { Link } from 'react-router-dom';
import { formatReviewDate, type ReviewSummary, type ReviewView } from './map-reviews';
import { StarRating } from './star-rating';
import styles from './reviews.module.css';

/** The average rating, the review count and how the ratings are spread over 5 to 1 stars. */
export function ReviewSummaryPanel({ summary }: { summary: ReviewSummary }) {
  return (
    <div className={styles.summary}>
      <p className={styles.average}>
        <span className={styles.averageNumber}>{summary.average.toFixed(1)}</span>
        <StarRating value={summary.average} size="lg" />
      </p>
      <p className={styles.count}>
        Based on {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
      </p>
      <ul className={styles.distribution} aria-label="Ratings by stars">
        {summary.distribution.map((n, index) => {
          const stars = 5 - index;
          const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={stars} className={styles.distributionRow}>
              <span className={styles.distributionLabel}>{stars} stars</span>
              <span className={styles.bar} aria-hidden="true">
                <span className={styles.barFill} style={{ width: `${share}%` }} />
              </span>
              <span className={styles.distributionCount}>
                {n}
                <span className="visually-hidden"> {n === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface ReviewListProps {
  reviews: readonly ReviewView[];
  /** Product page address by productId; reviews of a product with an address link to it. */
  productUrls?: Readonly<Record<string, string>>;
  /** Show which product each review is about (the all-products list); a product page leaves it out. */
  showProduct?: boolean;
  /** Heading level of each review's title, below the section heading around the list. */
  headingLevel?: 3 | 4;
}

export function ReviewList({ reviews, productUrls = {}, showProduct = false, headingLevel = 3 }: ReviewListProps) {
  const Title = `h${headingLevel}` as const;
  return (
    <ol className={styles.list}>
      {reviews.map((review) => {
        const href = productUrls[review.productId];
        const date = formatReviewDate(review.createdAt);
        return (
          <li key={`${review.id}-${review.productId}`} className={styles.review}>
            <article aria-label={review.title || `Review by ${review.authorName}`}>
              <div className={styles.reviewHead}>
                <StarRating value={review.rating} />
                {review.title ? <Title className={styles.reviewTitle}>{review.title}</Title> : null}
              </div>
              <p className={styles.meta}>
                <span className={styles.author}>{review.authorName}</span>
                {review.verifiedBuyer ? <span className={styles.verified}>Verified buyer</span> : null}
                {date ? <time dateTime={review.createdAt}>{date}</time> : null}
              </p>
              {review.body ? <p className={styles.body}>{review.body}</p> : null}
              {showProduct && (review.productTitle || href) ? (
                <p className={styles.product}>
                  Reviewed product:{' '}
                  {href ? (
                    <Link to={href} className={styles.productLink}>
                      {review.productTitle || 'View product'}
                    </Link>
                  ) : (
                    <span>{review.productTitle}</span>
                  )}
                </p>
              ) : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
