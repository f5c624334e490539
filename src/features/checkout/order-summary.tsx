import type { Cart } from '../../../machines/cart/cart.types';
import { orderSummary } from '../../domain/order-summary';
import styles from './checkout.module.css';

/**
 * Order summary sidebar (shop-core.md section 2): the lines and the item count; on the payment
 * step also subtotal, shipping, product discount, sales tax and order total, as the server
 * computed them for the address and shipping method (src/domain/order-summary.ts).
 */
export function OrderSummary({ cart, computed }: { cart: Cart | null; computed: Cart | null }) {
  const { countText, lines, totals } = orderSummary(cart, computed);
  return (
    <aside className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.cardTitle}>
        Order summary
      </h2>
      <p className={styles.muted}>{countText}</p>
      {lines.length === 0 ? <p>There are no products in the cart</p> : null}
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.id} className={styles.line}>
            {line.imageUrl ? <img src={line.imageUrl} alt="" className={styles.lineImage} /> : <span className={styles.lineImage} />}
            <div className={styles.lineText}>
              <span className={styles.lineName}>{line.name}</span>
              {line.options.map((option) => (
                <span key={`${option.label}-${option.value}`} className={styles.muted}>
                  {option.label}: {option.value}
                </span>
              ))}
              <span className={styles.muted}>Qty {line.quantity}</span>
              {line.isFflItem ? <span className={styles.badge}>Ships to FFL dealer</span> : null}
            </div>
            <span className={styles.linePrice}>
              {line.originalPriceText ? <s className={styles.muted}>{line.originalPriceText}</s> : null}
              {line.priceText}
            </span>
          </li>
        ))}
      </ul>
      {totals ? (
        <dl className={styles.totals}>
          <dt>Subtotal</dt>
          <dd>{totals.subTotal}</dd>
          <dt>Shipping</dt>
          <dd>{totals.shipping}</dd>
          <dt>Product discount</dt>
          <dd>{totals.discount}</dd>
          <dt>Sales tax</dt>
          <dd>{totals.tax}</dd>
          <dt className={styles.total}>Order total</dt>
          <dd className={styles.total}>{totals.total}</dd>
        </dl>
      ) : null}
    </aside>
  );
}
