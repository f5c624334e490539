import { notificationMachine } from '../../machines/notification/notification.machine';
import type { NotificationEvent } from '../../machines/notification/notification.types';
import type { PathModel } from './test-model';

/**
 * The notification banner's path model (shared by tests/machines/notification.test.ts and the
 * scenario docs, docs/machines/notification.md).
 */

export const AUTO_HIDE = 'xstate.after.autoHide.notification.visible';

export const events = [
  { type: 'notification.show', kind: 'error', text: 'Error: Network Error' },
  { type: 'notification.show', kind: 'success', text: 'Discount code applied successfully' },
  { type: 'notification.show', kind: 'success', text: 'You added RK-15 Carbine to your shopping cart', keepScroll: true },
  { type: 'notification.show', kind: 'success', text: 'Your details have been saved', survivesNavigation: true },
  { type: 'notification.close' },
  { type: 'notification.routeChanged' },
  // The delayed transition, as the traversal sees it; its executor advances the clock.
  { type: AUTO_HIDE },
] as unknown as NotificationEvent[];

export const notificationModel: PathModel<typeof notificationMachine> = {
  machine: notificationMachine,
  options: {
    events,
    // States are told apart by what the banner is (kind) and whether it survives the next route
    // change, not by the text: two success texts are the same state (and the graph stays small).
    serializeState: (state) =>
      JSON.stringify({ value: state.value, kind: state.context.kind, survives: state.context.survivesNavigation }),
  },
  starts: [{ name: '' }],
};
