import { Link, useLoaderData } from 'react-router-dom';
import { formatPrice } from '../../domain/money';
import { safeUrl } from '../../domain/safe-url';
import { formatOrderDate, paymentStatusLabel } from './account-format';
import type { OrderDetail } from './account-loaders';
import styles from './account.module.css';
import { OrderTotals } from '../../components/order-totals';

/**
 * /profile/orders/{id} (shop-core.md section 2): the items with a link to the product, their
 * options, unit price, quantity and line total; then subtotal, shipping (or 'Free'), tax and
 * total. Another user's order is the API's 404, shown by the route's error screen.
 */
export function OrderScreen() {
  const { order } = useLoaderData() as { order: OrderDetail | null };
  if (!order) return null;

  return (
    <section aria-labelledby="order-title">
      <h1 id="order-title" className={styles.title}>
        Order #{order.id}
      </h1>
      <dl className={styles.details}>
        <dt>Date</dt>
        <dd>{formatOrderDate(order.createdAt)}</dd>
        <dt>Payment status</dt>
        <dd>{paymentStatusLabel(order.paymentStatus)}</dd>
        <dt>Email</dt>
        <dd>{order.userEmail}</dd>
      </dl>

      <h2 className={`${styles.sectionTitle} ${styles.spaced}`}>
        Items
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className={styles.num}>
                Unit price
              </th>
              <th scope="col" className={styles.num}>
                Quantity
              </th>
              <th scope="col" className={styles.num}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => {
              const href = safeUrl(item.productUrl);
              return (
                <tr key={item.id}>
                  <td>
                    {href && href.startsWith('/') ? (
                      <Link to={href} className={styles.link}>
                        {item.productName}
                      </Link>
                    ) : (
                      item.productName
                    )}
                    {item.options.length ? (
                      <ul className={styles.options}>
                        {item.options.map((option) => (
                          <li key={`${option.label}-${option.value}`}>
                            {option.label}: {option.value}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td className={styles.num}>{formatPrice(item.unitPrice)}</td>
                  <td className={styles.num}>{item.quantity}</td>
                  <td className={styles.num}>{formatPrice(item.price)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <OrderTotals order={order} className={styles.totals} totalClassName={styles.grandTotal} aria-label="Order totals" />
    </section>
  );
}
