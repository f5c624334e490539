import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { profileOrderUrl } from '../../config/paths';
import { formatPrice } from '../../domain/money';
import { formatOrderDate, paymentStatusLabel } from './account-format';
import type { createOrdersLoader } from './account-loaders';
import styles from './account.module.css';

/**
 * /profile/orders (shop-core.md section 2): the order history, newest first: the order id as a
 * link to its details, the date as MM/DD/YYYY, the payment status and the total; 'You have placed
 * no orders' when there are none.
 */
export function OrdersScreen() {
  const { orders } = useLoaderData<ReturnType<typeof createOrdersLoader>>();
  const location = useLocation();

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className={styles.title}>
        My Orders
      </h1>
      {orders.length === 0 ? (
        <p className={styles.empty}>You have placed no orders</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Your orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Payment status</th>
                <th scope="col" className={styles.num}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={profileOrderUrl(order.id)} state={{ from: location.pathname }} className={styles.link} aria-label={`Order ${order.id}`}>
                      #{order.id}
                    </Link>
                  </td>
                  <td>{formatOrderDate(order.createdAt)}</td>
                  <td>{paymentStatusLabel(order.paymentStatus)}</td>
                  <td className={styles.num}>{formatPrice(order.totalAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
