import { createStore } from '@xstate/store';

/**
 * Small UI-only state of the shell (shop-core.md section 3, "UI state"): whether the cart panel
 * and the search overlay are shown. Business state (cart contents, notifications) lives in machines.
 */
export function createUiStore() {
  return createStore({
    context: { cartOpen: false, showSearch: false },
    on: {
      'cart.open': (context) => ({ ...context, cartOpen: true, showSearch: false }),
      'cart.close': (context) => ({ ...context, cartOpen: false }),
      'search.toggle': (context) => ({ ...context, showSearch: !context.showSearch }),
      'search.close': (context) => ({ ...context, showSearch: false }),
      /** A route change closes the cart panel and the search overlay (spec sections 2 and 4). */
      'route.changed': (context) => ({ ...context, cartOpen: false, showSearch: false }),
    },
  });
}

export type UiStore = ReturnType<typeof createUiStore>;
