import { Link, useLoaderData } from 'react-router-dom';
import { searchUrl } from '../../config/paths';
import { formatOrderDate } from './account-format';
import type { createMyReviewsLoader } from './account-loaders';
import styles from './account.module.css';

/**
 * /profile/my-reviews (shop-core.md section 2): the customer's reviews (GET /Reviews/mine, newest
 * first), each with its product. A review names its product by title only, so the product links
 * to the search for that title.
 */
export function MyReviewsScreen() {
  const { reviews } = useLoaderData<ReturnType<typeof createMyReviewsLoader>>();
  return (
    <section aria-labelledby="my-reviews-title">
      <h1 id="my-reviews-title" className={styles.title}>
        My reviews
      </h1>
      {reviews.length === 0 ? (
        <p className={styles.empty}>You have not written any reviews yet.</p>
      ) : (
        <ul className={styles.reviews}>
          {reviews.map((review) => (
            <li key={review.id}>
              <article className={styles.card} aria-labelledby={`review-${review.id}`}>
                <h2 id={`review-${review.id}`} className={styles.cardTitle}>
                  {review.title}
                </h2>
                <p className={styles.cardBody}>
                  <span className={styles.stars} role="img" aria-label={`${review.rating} out of 5 stars`}>
                    {'★'.repeat(review.rating)}
                    {'☆'.repeat(Math.max(0, 5 - review.rating))}
                  </span>{' '}
                  <span className={styles.muted}>{formatOrderDate(review.createdAt)}</span>
                </p>
                {review.productTitle ? (
                  <p className={styles.cardBody}>
                    Product:{' '}
                    <Link to={searchUrl(review.productTitle)} className={styles.link}>
                      {review.productTitle}
                    </Link>
                  </p>
                ) : null}
                <p className={styles.cardBody}>{review.body}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
