import type { AppRouter } from './router';
import type { UiStore } from './ui-store';

/**
 * On every route change: close the cart panel and search overlay, and scroll the page to the top
 * (shop-core.md section 2, "Cart panel"). A change that targets an in-page anchor (#hash) keeps
 * its scroll so the page can bring the anchor into view. Returns the unsubscribe function.
 */
export function bindRouteChanges(router: AppRouter, ui: UiStore, scrollToTop: () => void = () => window.scrollTo(0, 0)) {
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    ui.trigger['route.changed']();
    if (!state.location.hash) scrollToTop();
  });
}
