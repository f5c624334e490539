import type { SnapshotFrom } from 'xstate';
import { discountLabel, formatPrice } from '../../src/domain/money';
import type { cartMachine } from './cart.machine';
import { isRemovalQueued, projectedQuantity } from './cart.operations';
import type { CartEvent, CartItem } from './cart.types';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;
type Send = (event: CartEvent) => void;

/** One cart line as the panel shows it (shop-core.md section 2, "Cart panel"). */
export interface CartLineView {
  id: number;
  name: string;
  productUrl: string;
  imageUrl: string | null;
  options: { label: string; value: string }[];
  /** The build of the 3D builder this line is (decision 018), else null. */
  buildId: string | null;
  /** The quantity the line will have once queued changes have run (the field's value). */
  quantity: number;
  /** Unit price charged. */
  priceText: string;
  /** The list price, struck through, when the line is discounted; else null. */
  originalPriceText: string | null;
  /** '(N% off)' when discounted; else null. */
  discountText: string | null;
  /** Accessible name of the delete button. */
  removeLabel: string;
  /** A removal of this line is queued or running: its controls are disabled. */
  isRemoving: boolean;
  /** The quantity field lost focus with this value; a changed valid value updates (0 removes). */
  commitQuantity: (quantity: number) => void;
  remove: () => void;
}

/**
 * A cart snapshot as views need it: the header badge's item count, the panel's lines, totals and
 * intents. Views send nothing else and decide nothing (DESIGN.md section 1).
 */
export function connect(snapshot: CartSnapshot, send: Send = () => {}) {
  const { cart, queue } = snapshot.context;
  const items = cart?.items ?? [];
  const subTotal = cart?.subTotal ?? 0;
  const discount = cart?.discount ?? 0;

  const lineView = (item: CartItem): CartLineView => {
    const discounted = item.price < item.productPrice;
    return {
      id: item.id,
      name: item.productName,
      productUrl: item.productUrl,
      imageUrl: item.imageUrl,
      options: item.options,
      buildId: item.buildId ?? null,
      quantity: projectedQuantity(cart, queue, item.id) ?? item.quantity,
      priceText: formatPrice(item.price),
      originalPriceText: discounted ? formatPrice(item.productPrice) : null,
      discountText: discounted ? discountLabel(item.productPrice, item.price) : null,
      removeLabel: `Remove ${item.productName}`,
      isRemoving: isRemovalQueued(queue, item.id),
      commitQuantity: (quantity) => {
        // The machine ignores unchanged or invalid values; an empty field is not a change.
        if (Number.isNaN(quantity)) return;
        send({ type: 'cart.item.update', itemId: item.id, quantity });
      },
      remove: () => send({ type: 'cart.item.delete', itemId: item.id }),
    };
  };

  return {
    owner: snapshot.matches('user') ? ('user' as const) : snapshot.matches('guest') ? ('guest' as const) : null,
    isReady: snapshot.matches({ guest: 'ready' }) || snapshot.matches({ user: 'ready' }),
    /** A change is queued or running. */
    isBusy: queue.length > 0,
    /** Sum of the lines' quantities; 0 before the cart is loaded. */
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    isEmpty: items.length === 0,
    /** CHECKOUT leads to the billing step only when the cart has items (section 2). */
    canCheckout: items.length > 0,
    lines: items.map(lineView),
    subTotalText: formatPrice(subTotal),
    /** '$0.00' when there is none (section 2); shown as a deduction otherwise. */
    discountText: discount > 0 ? `-${formatPrice(discount)}` : formatPrice(0),
    /** Pre-tax total of the goods: subTotal - discount (decision 007; shipping and tax come at checkout). */
    preTaxTotalText: formatPrice(Math.round((subTotal - discount) * 100) / 100),
  };
}

export type CartApi = ReturnType<typeof connect>;
