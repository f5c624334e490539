import type { Cart } from '../../../machines/cart/cart.types';
import { formatPrice, formatShipping } from '../../domain/money';
import styles from './checkout.module.css';

/**
 * Order summary sidebar (shop-core.md section 2): the lines and the item count; on the payment
 * step also subtotal, shipping, product discount, sales tax and order total, as the server
 * computed them for the address and shipping method.
 */
export function OrderSummary({ cart, computed }: { cart: Cart | null; computed: Cart | null }) {
  const lines = (computed ?? cart)?.items ?? [];
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <aside className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.cardTitle}>
        Order summary
      </h2>
      <p className={styles.muted}>
        {count} {count === 1 ? 'item' : 'items'}
      </p>
      {lines.length === 0 ? <p>There are no products in the cart</p> : null}
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.id} className={styles.line}>
            {line.imageUrl ? <img src={line.imageUrl} alt="" className={styles.lineImage} /> : <span className={styles.lineImage} />}
            <div className={styles.lineText}>
              <span className={styles.lineName}>{line.productName}</span>
              {line.options.map((option) => (
                <span key={`${option.label}-${option.value}`} className={styles.muted}>
                  {option.label}: {option.value}
                </span>
              ))}
              <span className={styles.muted}>Qty {line.quantity}</span>
              {line.isFflItem ? <span className={styles.badge}>Ships to FFL dealer</span> : null}
            </div>
            <span className={styles.linePrice}>
              {line.price < line.productPrice ? <s className={styles.muted}>{formatPrice(line.productPrice * line.quantity)}</s> : null}
              {formatPrice(line.price * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      {computed ? (
        <dl className={styles.totals}>
          <dt>Subtotal</dt>
          <dd>{formatPrice(computed.subTotal)}</dd>
          <dt>Shipping</dt>
          <dd>{formatShipping(computed.shipping)}</dd>
          <dt>Product discount</dt>
          <dd>{computed.discount ? `-${formatPrice(computed.discount)}` : formatPrice(0)}</dd>
          <dt>Sales tax</dt>
          <dd>{formatPrice(computed.taxAmount)}</dd>
          <dt className={styles.total}>Order total</dt>
          <dd className={styles.total}>{formatPrice(computed.totalAmount)}</dd>
        </dl>
      ) : null}
    </aside>
  );
}
