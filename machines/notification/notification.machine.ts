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
 * Messages belong to their moment (issue 18, docs/decisions/036): a route change or a checkout
 * step change (`notification.routeChanged`) clears the notice, unless it announces the page it
 * leads to (`survivesNavigation`): that one survives the one change and is cleared by the next. A
 * notice that answers something done in place (`keepScroll`, Add to Cart) leaves the page where
 * it is.
 *
 * `scrollToTop` is a no-op here; the app provides the DOM version (src/app/app-actors.ts), so
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
      return { kind: event.kind, text: event.text, survivesNavigation: event.survivesNavigation === true };
    }),
    clearNotification: assign({ kind: null, text: '', survivesNavigation: false }),
    /** The announced navigation has happened: the next one clears the notice. */
    spendSurvival: assign({ survivesNavigation: false }),
    scrollToTop: () => {},
  },
  guards: {
    keepsScroll: ({ event }) => event.type === 'notification.show' && event.keepScroll === true,
    survivesNavigation: ({ context }) => context.survivesNavigation,
  },
  delays: {
    autoHide: NOTIFICATION_TIMEOUT_MS,
  },
}).createMachine({
  id: 'notification',
  context: { kind: null, text: '', survivesNavigation: false },
  initial: 'hidden',
  states: {
    hidden: {
      entry: 'clearNotification',
      on: {
        'notification.show': [
          { guard: 'keepsScroll', target: 'visible', actions: 'setNotification' },
          { target: 'visible', actions: ['setNotification', 'scrollToTop'] },
        ],
      },
    },
    visible: {
      after: {
        autoHide: { target: 'hidden' },
      },
      on: {
        // Re-entering restarts the autoHide timer (and scrolls up again for the new text).
        'notification.show': [
          { guard: 'keepsScroll', target: 'visible', reenter: true, actions: 'setNotification' },
          { target: 'visible', reenter: true, actions: ['setNotification', 'scrollToTop'] },
        ],
        'notification.close': { target: 'hidden' },
        // The announcing notice stays up on the page it announced (its 10 s keep running).
        'notification.routeChanged': [{ guard: 'survivesNavigation', actions: 'spendSurvival' }, { target: 'hidden' }],
      },
    },
  },
});
