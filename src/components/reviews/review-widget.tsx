import { useEffect, useId, useMemo, useState } from 'react';
import { unwrap } from '../../api/client';
import { useAppServices } from '../../services/providers';
import { mapReviews, summarizeReviews, type ReviewView } from './map-reviews';
import { ReviewList, ReviewSummaryPanel } from './review-list';
import styles from './reviews.module.css';

interface ReviewWidgetProps {
  /** The product's reviews id (reviews_product_id); without it, the newest reviews of all products. */
  productId?: string;
  /** Section heading; 'Customer Reviews' by default. */
  title?: string;
}

type WidgetState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; reviews: ReviewView[] };

/**
 * Review widget of the first-party reviews provider (catalogue-and-content.md section 7: review
 * widgets are refreshed by product id): loads GET /Reviews?productId= itself whenever the id
 * changes, then shows the rating summary and the list, or an empty state. A failed load says so
 * and never breaks the page around it.
 */
export function ReviewWidget({ productId, title = 'Customer Reviews' }: ReviewWidgetProps) {
  const { api } = useAppServices();
  const headingId = useId();
  const [state, setState] = useState<WidgetState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    const query = productId ? { productId } : {};
    unwrap(api.GET('/Reviews', { params: { query } }))
      .then((reviews) => current && setState({ status: 'loaded', reviews: mapReviews(reviews) }))
      .catch(() => current && setState({ status: 'failed' }));
    return () => {
      // A newer product id (or unmount) wins over a slower earlier answer.
      current = false;
    };
  }, [api, productId]);

  const summary = useMemo(() => (state.status === 'loaded' ? summarizeReviews(state.reviews) : null), [state]);

  return (
    <section className={styles.widget} aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <h2 id={headingId} className={styles.widgetHeading}>
        {title}
      </h2>
      {state.status === 'loading' ? <p className={styles.status}>Loading reviews…</p> : null}
      {state.status === 'failed' ? (
        <p className={styles.status} role="status">
          Reviews could not be loaded right now. Please try again later.
        </p>
      ) : null}
      {state.status === 'loaded' && summary ? (
        state.reviews.length === 0 ? (
          <p className={styles.status}>No reviews yet. Be the first to share your experience.</p>
        ) : (
          <div className={styles.widgetBody}>
            <ReviewSummaryPanel summary={summary} />
            <ReviewList reviews={state.reviews} showProduct={!productId} />
          </div>
        )
      ) : null}
    </section>
  );
}
