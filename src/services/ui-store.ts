import { createStore } from '@xstate/store';

/**
 * Small UI-only state of the shell (shop-core.md section 3, "UI state"): whether the cart panel,
 * the search overlay and the mobile menu are shown. Business state (cart contents, notifications)
 * lives in machines.
 */
export function createUiStore() {
  return createStore({
    context: { cartOpen: false, showSearch: false, mobileMenuOpen: false },
    on: {
      'cart.open': (context) => ({ ...context, cartOpen: true, showSearch: false }),
      'cart.close': (context) => ({ ...context, cartOpen: false }),
      'search.toggle': (context) => ({ ...context, showSearch: !context.showSearch }),
      'search.close': (context) => ({ ...context, showSearch: false }),
      /** The mobile nav opens and closes (catalogue-and-content.md section 4, "Mobile nav"). */
      'menu.open': (context) => ({ ...context, mobileMenuOpen: true, showSearch: false }),
      'menu.close': (context) => ({ ...context, mobileMenuOpen: false }),
      /**
       * A route change closes the cart panel, the search overlay and the mobile menu (spec
       * sections 2 and 4).
       */
      'route.changed': (context) => ({ ...context, cartOpen: false, showSearch: false, mobileMenuOpen: false }),
    },
  });
}

export type UiStore = ReturnType<typeof createUiStore>;
