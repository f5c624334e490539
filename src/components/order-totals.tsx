import type { components } from '../api/schema';
import { formatPrice, formatShipping } from '../domain/money';

type OrderAmounts = Pick<components['schemas']['OrderDetail'], 'subTotal' | 'discountAmount' | 'shippingCost' | 'taxAmount' | 'totalAmount'>;

interface OrderTotalsProps {
  order: OrderAmounts;
  /** The list's class (each screen lays the rows out its own way). */
  className?: string;
  /** The class of the Total row's term and value. */
  totalClassName?: string;
  'aria-label'?: string;
}

/**
 * An order's amounts as on the confirmation page and in order details (shop-core.md section 2):
 * subtotal, the discount when there is one, shipping ('Free' at 0), tax and total.
 */
export function OrderTotals({ order, className, totalClassName, 'aria-label': label }: OrderTotalsProps) {
  return (
    <dl className={className} aria-label={label}>
      <dt>Subtotal</dt>
      <dd>{formatPrice(order.subTotal)}</dd>
      {order.discountAmount ? (
        <>
          <dt>Discount</dt>
          <dd>-{formatPrice(order.discountAmount)}</dd>
        </>
      ) : null}
      <dt>Shipping</dt>
      <dd>{formatShipping(order.shippingCost)}</dd>
      <dt>Tax</dt>
      <dd>{formatPrice(order.taxAmount)}</dd>
      <dt className={totalClassName}>Total</dt>
      <dd className={totalClassName}>{formatPrice(order.totalAmount)}</dd>
    </dl>
  );
}
