export type NotificationKind = 'success' | 'error' | 'warning' | 'info';

export interface NotificationContext {
  kind: NotificationKind | null;
  text: string;
}

export type NotificationEvent =
  | { type: 'notification.show'; kind: NotificationKind; text: string }
  | { type: 'notification.close' };

/** Time a notification stays up (shop-core.md section 2; catalogue-and-content.md section 9). */
export const NOTIFICATION_TIMEOUT_MS = 10_000;
