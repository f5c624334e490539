import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from './cart.machine';
import type { KnownDestination } from './cart.types';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/*
 * Small selectors for views on every page (the header badge, collection cards, the product page)
 * that need one value of the cart, not its lines. Kept apart from cart.connect.ts, which builds
 * the panel's lines with the restriction rule and its zip tables: those load with the panel, not
 * with the first page (bundle budget, decision 020; decision 030).
 */

/** Sum of the lines' quantities (the header badge); 0 before the cart is loaded. */
export function selectItemCount(snapshot: CartSnapshot): number {
  return (snapshot.context.cart?.items ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

/** A change is queued or running. */
export function selectIsBusy(snapshot: CartSnapshot): boolean {
  return snapshot.context.queue.length > 0;
}

/** Where the shopper's goods go, once known (decision 030); null before. Stable while unchanged. */
export function selectDestination(snapshot: CartSnapshot): KnownDestination | null {
  return snapshot.context.destination;
}
