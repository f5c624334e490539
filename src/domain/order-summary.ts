import type { components } from '../api/schema';
import { formatPrice, formatShipping } from './money';

type Cart = components['schemas']['Cart'];

export interface SummaryLine {
  id: number;
  name: string;
  imageUrl: string | null;
  options: { label: string; value: string }[];
  quantity: number;
  /** 'Ships to FFL dealer' is shown. */
  isFflItem: boolean;
  /** The line's price: unit price times quantity. */
  priceText: string;
  /** The line's list price, struck through, when it is discounted; else null. */
  originalPriceText: string | null;
}

export interface OrderSummaryView {
  /** '1 item', '3 items': the lines' quantities added up. */
  countText: string;
  lines: SummaryLine[];
  /** The payment step's amounts, as the server computed them; null before then. */
  totals: { subTotal: string; shipping: string; discount: string; tax: string; total: string } | null;
}

/**
 * The checkout's order summary (shop-core.md section 2): the computed cart's lines once there is
 * one (payment step), else the cart's; the amounts only from the computed cart.
 */
export function orderSummary(cart: Cart | null, computed: Cart | null): OrderSummaryView {
  const items = (computed ?? cart)?.items ?? [];
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    countText: `${count} ${count === 1 ? 'item' : 'items'}`,
    lines: items.map((item) => ({
      id: item.id,
      name: item.productName,
      imageUrl: item.imageUrl,
      options: item.options,
      quantity: item.quantity,
      isFflItem: item.isFflItem,
      priceText: formatPrice(item.price * item.quantity),
      originalPriceText: item.price < item.productPrice ? formatPrice(item.productPrice * item.quantity) : null,
    })),
    totals: computed
      ? {
          subTotal: formatPrice(computed.subTotal),
          shipping: formatShipping(computed.shipping),
          discount: computed.discount ? `-${formatPrice(computed.discount)}` : formatPrice(0),
          tax: formatPrice(computed.taxAmount),
          total: formatPrice(computed.totalAmount),
        }
      : null,
  };
}
