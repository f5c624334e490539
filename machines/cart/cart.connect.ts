import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from './cart.machine';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** A cart snapshot as the shell needs it: the item count of the header badge and panel. */
export function connect(snapshot: CartSnapshot) {
  const cart = snapshot.context.cart;
  return {
    owner: snapshot.matches('user') ? ('user' as const) : snapshot.matches('guest') ? ('guest' as const) : null,
    isReady: snapshot.matches({ guest: 'ready' }) || snapshot.matches({ user: 'ready' }),
    /** Sum of the lines' quantities; 0 before the cart is loaded. */
    itemCount: cart ? cart.items.reduce((sum, item) => sum + item.quantity, 0) : 0,
  };
}

export type CartApi = ReturnType<typeof connect>;
