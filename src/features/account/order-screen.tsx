import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { formatPrice, formatShipping } from '../../domain/money';
import { safeUrl } from '../../domain/safe-url';
import { formatOrderDate, orderAddresses, paymentMethodLabel, paymentStatusLabel } from './account-format';
import type { createOrderLoader } from './account-loaders';
import styles from './account.module.css';
import { OrderTotals } from '../../components/order-totals';

/**
 * /profile/orders/{id} (shop-core.md section 2): the items with a link to the product, their
 * options, unit price, quantity and line total; then subtotal, shipping (or 'Free'), tax and
 * total. Above them, as the checkout's review showed them (decision 040): the billing address,
 * the shipping address ('Same as billing'; none when every item went to the dealer), the FFL
 * dealer with its licence ending, the shipping method and its price, and the card the provider
 * charged ('Visa ending in 4242'; none for orders that did not keep it). Another user's order is
 * the API's 404, shown by the route's error screen.
 */
export function OrderScreen() {
  const { order } = useLoaderData<ReturnType<typeof createOrderLoader>>();
  if (!order) return null;
  const addresses = orderAddresses(order);
  const payment = paymentMethodLabel(order.paymentCardBrand, order.paymentCardLast4);

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

      <div className={`${styles.cards} ${styles.spaced}`}>
        <OrderCard id="order-billing" title="Billing address">
          <Lines lines={addresses.billing} />
        </OrderCard>
        {addresses.shipping ? (
          <OrderCard id="order-shipping" title="Shipping address">
            {addresses.shipping === 'same' ? 'Same as billing' : <Lines lines={addresses.shipping} />}
          </OrderCard>
        ) : null}
        {addresses.dealer ? (
          <OrderCard id="order-dealer" title="FFL dealer">
            <Lines lines={addresses.dealer} />
            {order.dealerLicenceEnding ? <span className={styles.muted}>FFL license ending {order.dealerLicenceEnding}</span> : null}
          </OrderCard>
        ) : null}
        <OrderCard id="order-shipping-method" title="Shipping method">
          <span>{order.shippingMethodName}</span>
          <br />
          <span>{formatShipping(order.shippingCost)}</span>
        </OrderCard>
        {payment ? (
          <OrderCard id="order-payment" title="Payment method">
            {payment}
          </OrderCard>
        ) : null}
      </div>

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

function OrderCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <article className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      <div className={styles.cardBody}>{children}</div>
    </article>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <address className={styles.cardBody}>
      {lines.map((line, index) => (
        <span key={`${index}-${line}`}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
