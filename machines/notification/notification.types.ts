export type NotificationKind = 'success' | 'error' | 'warning' | 'info';

export interface NotificationContext {
  kind: NotificationKind | null;
  text: string;
  /** The notice announces the page (or checkout step) the shopper is being taken to: the next route change keeps it. */
  survivesNavigation: boolean;
}

export interface NotificationShowEvent {
  type: 'notification.show';
  kind: NotificationKind;
  text: string;
  /**
   * Raised by the move it announces ('Your details have been saved' on the way to the overview,
   * 'All Items have been removed from your cart' on the way home): it survives that one route or
   * step change and is cleared by the next (docs/decisions/036).
   */
  survivesNavigation?: boolean;
  /**
   * The notice answers something the shopper did where they are (Add to Cart): the page is not
   * scrolled to the top for it; the banner sticks under the header, so it is seen anyway.
   */
  keepScroll?: boolean;
}

export type NotificationEvent =
  | NotificationShowEvent
  | { type: 'notification.close' }
  /** The route (pathname) changed, or checkout moved to another step: the moment of the notice has passed. */
  | { type: 'notification.routeChanged' };

/** Time a notification stays up (shop-core.md section 2; catalogue-and-content.md section 9). */
export const NOTIFICATION_TIMEOUT_MS = 10_000;
