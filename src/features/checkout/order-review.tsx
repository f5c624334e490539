import type { OrderReview as Review, ReviewAddress } from '../../../machines/checkout/checkout.connect';
import { formatShipping } from '../../domain/money';
import styles from './order-review.module.css';

/**
 * The review block of the payment step (issue 18): where the order is billed and shipped, the FFL
 * dealer and the shipping method, each with an Edit button back to the billing step. Edit is the
 * progress bar's own way back (the machine's `payment.back`), so it is offered exactly when the
 * machine allows it: not while the order is being placed.
 */
export function OrderReview({ review, canEdit, onEdit }: { review: Review; canEdit: boolean; onEdit: () => void }) {
  const edit = (what: string) => (
    <button type="button" className={styles.edit} onClick={onEdit} disabled={!canEdit}>
      Edit<span className="visually-hidden"> {what}</span>
    </button>
  );
  return (
    <section className={styles.review} aria-labelledby="review-heading">
      <h2 id="review-heading" className={styles.title}>
        Review your order
      </h2>
      <dl className={styles.blocks}>
        <div className={styles.block}>
          <dt className={styles.term}>Billing address</dt>
          <dd className={styles.action}>{edit('billing address')}</dd>
          <dd className={styles.detail}>
            <AddressLines address={review.billing} />
            <span className={styles.contact}>{review.billing.email}</span>
            {review.billing.phone ? <span className={styles.contact}>{review.billing.phone}</span> : null}
          </dd>
        </div>
        {review.shipping ? (
          <div className={styles.block}>
            <dt className={styles.term}>Shipping address</dt>
            <dd className={styles.action}>{edit('shipping address')}</dd>
            <dd className={styles.detail}>{review.shipping === 'same' ? 'Same as billing' : <AddressLines address={review.shipping} />}</dd>
          </div>
        ) : null}
        {review.dealer ? (
          <div className={styles.block}>
            <dt className={styles.term}>FFL dealer</dt>
            <dd className={styles.action}>{edit('FFL dealer')}</dd>
            <dd className={styles.detail}>
              <AddressLines address={review.dealer} />
              {review.dealer.licenceEnding ? <span className={styles.contact}>FFL license ending {review.dealer.licenceEnding}</span> : null}
            </dd>
          </div>
        ) : null}
        {review.shippingMethod ? (
          <div className={styles.block}>
            <dt className={styles.term}>Shipping method</dt>
            <dd className={styles.action}>{edit('shipping method')}</dd>
            <dd className={styles.detail}>
              <span className={styles.method}>
                <span>{review.shippingMethod.name}</span>
                <span className={styles.price}>{formatShipping(review.shippingMethod.price)}</span>
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function AddressLines({ address }: { address: ReviewAddress }) {
  return (
    <>
      <span className={styles.name}>{address.name}</span>
      {address.lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </>
  );
}
