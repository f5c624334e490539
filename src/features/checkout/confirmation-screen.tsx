import { Link, useLoaderData } from 'react-router-dom';
import { paths } from '../../config/paths';
import { allFflItems, hasFflItems } from '../../domain/ffl-items';
import { formatPrice } from '../../domain/money';
import type { createConfirmationLoader } from './checkout-loaders';
import styles from './checkout.module.css';
import { OrderTotals } from '../../components/order-totals';

/**
 * /confirm/:orderId (shop-core.md section 2, order confirmation): loaded from GET /Order/{id}, so
 * it survives a reload. The shipping address is hidden when every item ships to the dealer; the
 * dealer's address shows only with an FFL item.
 */
export function ConfirmationScreen() {
  const { order } = useLoaderData<ReturnType<typeof createConfirmationLoader>>();
  const hasFfl = hasFflItems(order.items);
  const allFfl = allFflItems(order.items);

  return (
    <div className={styles.screen}>
      <div className={styles.confirmation}>
        <h1 className={styles.title}>Thank you for your order!</h1>
        <section className={styles.card} aria-labelledby="order-number">
          <p id="order-number" className={styles.orderNumber}>
            Order number: {order.id}
          </p>
          <p>
            A confirmation email has been sent to <strong>{order.userEmail}</strong>.
          </p>
        </section>

        <div className={styles.addresses}>
          {!allFfl ? (
            <section className={styles.card} aria-labelledby="ship-to-heading">
              <h2 id="ship-to-heading" className={styles.cardTitle}>
                Shipping address
              </h2>
              <address className={styles.address}>
                {order.shippingFirstName} {order.shippingLastName}
                <br />
                {order.shippingAddress}
                <br />
                {order.shippingCity}, {order.shippingState} {order.shippingZipCode}
                <br />
                {order.shippingCountry}
                {order.customerPhone ? (
                  <>
                    <br />
                    {order.customerPhone}
                  </>
                ) : null}
              </address>
              {order.shippingMethodName ? <p className={styles.muted}>{order.shippingMethodName}</p> : null}
            </section>
          ) : null}
          {hasFfl && order.dealerName ? (
            <section className={styles.card} aria-labelledby="dealer-address-heading">
              <h2 id="dealer-address-heading" className={styles.cardTitle}>
                FFL dealer address
              </h2>
              <address className={styles.address}>
                {order.dealerName}
                <br />
                {order.dealerAddress}
                <br />
                {order.dealerCity}, {order.dealerState} {order.dealerZipCode}
                <br />
                {order.dealerCountry}
                {order.dealerPhone ? (
                  <>
                    <br />
                    {order.dealerPhone}
                  </>
                ) : null}
              </address>
            </section>
          ) : null}
        </div>

        <section className={styles.card} aria-labelledby="items-heading">
          <h2 id="items-heading" className={styles.cardTitle}>
            Items
          </h2>
          <ul className={styles.lines}>
            {order.items.map((item) => (
              <li key={item.id} className={styles.line}>
                {item.imageUrl ? <img src={item.imageUrl} alt="" className={styles.lineImage} /> : <span className={styles.lineImage} />}
                <div className={styles.lineText}>
                  <Link to={item.productUrl} className={styles.lineName}>
                    {item.productName}
                  </Link>
                  {item.options.map((option) => (
                    <span key={`${option.label}-${option.value}`} className={styles.muted}>
                      {option.label}: {option.value}
                    </span>
                  ))}
                  <span className={styles.muted}>
                    {item.quantity} × {formatPrice(item.unitPrice)}
                  </span>
                </div>
                <span className={styles.linePrice}>{formatPrice(item.price)}</span>
              </li>
            ))}
          </ul>
          <OrderTotals order={order} className={styles.totals} totalClassName={styles.total} />
        </section>

        <div className={styles.actions}>
          <Link to={paths.home} className={styles.primary}>
            Continue shopping
          </Link>
        </div>
      </div>
    </div>
  );
}
