import type { SnapshotFrom } from 'xstate';
import { quantityProblem } from '../../src/domain/cart-limits';
import { discountLabel, formatPrice } from '../../src/domain/money';
import { shipmentNote } from '../../src/domain/restricted-items';
import type { cartMachine } from './cart.machine';
import { isRemovalQueued, projectedQuantity } from './cart.operations';
import { selectIsBusy, selectItemCount } from './cart.selectors';
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
  /**
   * 'Not available for shipment to {state}' when the line cannot go where the shopper ships
   * (decision 030); null when it can, or while that is not known.
   */
  restrictionNote: string | null;
  /**
   * The quantity field lost focus with this value. A valid value is sent (0 removes; an unchanged
   * one is no change) and the answer is null; otherwise nothing is sent and the answer is what
   * the field shows: the range, or 'Only {n} left' when it raises the line above the stock
   * (decision 027). The server checks again, and its refusal comes as the error notification.
   */
  commitQuantity: (quantity: number) => string | null;
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
      restrictionNote: shipmentNote(item, snapshot.context.destination),
      commitQuantity: (quantity) => {
        const problem = quantityProblem(quantity, { min: 0, onHand: item.qtyOnHand, current: item.quantity });
        if (problem) return problem;
        // The machine ignores an unchanged value.
        send({ type: 'cart.item.update', itemId: item.id, quantity });
        return null;
      },
      remove: () => send({ type: 'cart.item.delete', itemId: item.id }),
    };
  };

  return {
    /** Whose cart it is; null until the session has said. */
    owner: snapshot.context.owner,
    /** Loaded, with no change running or waiting. */
    isReady: snapshot.hasTag('ready'),
    /** A change is queued or running. */
    isBusy: selectIsBusy(snapshot),
    /** Sum of the lines' quantities; 0 before the cart is loaded. */
    itemCount: selectItemCount(snapshot),
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
