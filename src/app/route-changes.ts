import { notePageChange } from './page-scroll';
import type { NotificationEvent } from '../../machines/notification/notification.types';
import type { AppRouter } from './router';
import type { UiStore } from '../services/ui-store';

/**
 * On every route change: close the cart panel and search overlay (shop-core.md section 2, "Cart
 * panel"), and note where the shopper was on the page they leave and whether the new location
 * keeps the scroll. The scroll itself waits for the new page to be drawn (`PageScroll` in the
 * shell, docs/decisions/070). Returns the unsubscribe function.
 */
export function bindRouteChanges(router: AppRouter, ui: UiStore) {
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    notePageChange({ key: lastKey, top: window.scrollY }, { key: state.location.key, keepScroll: state.preventScrollReset });
    lastKey = state.location.key;
    ui.trigger['route.changed']();
  });
}

/**
 * Messages belong to their moment (issue 18, docs/decisions/036): when the shopper lands on
 * another page (the pathname changes; a new query or hash on the same page is not a new page) the
 * notification machine clears the notice, unless it announces that page. Checkout sends the same
 * event when it moves to another step (src/features/checkout/use-checkout.ts). Returns the
 * unsubscribe function.
 */
export function bindNotificationRouteChanges(router: Pick<AppRouter, 'state' | 'subscribe'>, notification: { send(event: NotificationEvent): void }) {
  let lastPath = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    notification.send({ type: 'notification.routeChanged' });
  });
}
