import { assign, setup } from 'xstate';
import {
  NOTIFICATION_TIMEOUT_MS,
  type NotificationContext,
  type NotificationEvent,
} from './notification.types';

/**
 * The notification banner (shop-core.md sections 2 and 4): a notice is shown until it is clicked
 * or 10 s have passed; setting a notification scrolls the page to the top. A new notice while one
 * is shown replaces it and restarts the 10 s.
 *
 * `scrollToTop` is a no-op here; the app provides the DOM version (src/app/providers.tsx), so
 * tests and the Stately visualizer run the same machine without a window.
 */
export const notificationMachine = setup({
  types: {
    context: {} as NotificationContext,
    events: {} as NotificationEvent,
  },
  actions: {
    setNotification: assign(({ event }) => {
      if (event.type !== 'notification.show') return {};
      return { kind: event.kind, text: event.text };
    }),
    clearNotification: assign({ kind: null, text: '' }),
    scrollToTop: () => {},
  },
  delays: {
    autoHide: NOTIFICATION_TIMEOUT_MS,
  },
}).createMachine({
  id: 'notification',
  context: { kind: null, text: '' },
  initial: 'hidden',
  states: {
    hidden: {
      entry: 'clearNotification',
      on: {
        'notification.show': { target: 'visible', actions: 'setNotification' },
      },
    },
    visible: {
      entry: 'scrollToTop',
      after: {
        autoHide: { target: 'hidden' },
      },
      on: {
        // Re-entering restarts the autoHide timer and scrolls up again for the new text.
        'notification.show': { target: 'visible', reenter: true, actions: 'setNotification' },
        'notification.close': { target: 'hidden' },
      },
    },
  },
});
