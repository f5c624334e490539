import { createStore } from '@xstate/store';

/**
 * HTTP requests in flight, for the full-page spinner (shop-core.md section 2, "Other shell
 * behaviour"). Fed by wrapping the fetch handed to the API client, so no caller has to remember
 * to report its requests.
 *
 * `count` is every request in flight; `asked` those that started after the shopper's first action
 * on the page (`acted`), which are the ones the spinner shows for. The machines' own first
 * requests (session, cart) run behind the page the server rendered, and still do when the shopper
 * first presses something: counting them then brought the spinner up between the press and the
 * release, over the control, and the click was lost (a checkbox that did not change, issue 20).
 */
export function createPendingStore() {
  return createStore({
    context: { count: 0, asked: 0, acted: false },
    on: {
      acted: (context) => ({ ...context, acted: true }),
      started: (context, event: { asked: boolean }) => ({
        ...context,
        count: context.count + 1,
        asked: context.asked + (event.asked ? 1 : 0),
      }),
      settled: (context, event: { asked: boolean }) => ({
        ...context,
        count: Math.max(0, context.count - 1),
        asked: Math.max(0, context.asked - (event.asked ? 1 : 0)),
      }),
    },
  });
}

export type PendingStore = ReturnType<typeof createPendingStore>;

/** Wraps `fetch` so each call is counted in `store` until it settles (either way). */
export function trackPendingFetch(store: PendingStore, fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const asked = store.getSnapshot().context.acted;
    store.trigger.started({ asked });
    try {
      return await fetchImpl(input, init);
    } finally {
      store.trigger.settled({ asked });
    }
  };
}
