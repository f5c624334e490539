import { createStore } from '@xstate/store';

/**
 * Count of HTTP requests in flight, for the full-page spinner (shop-core.md section 2,
 * "Other shell behaviour"). Fed by wrapping the fetch handed to the API client, so no caller has
 * to remember to report its requests.
 */
export function createPendingStore() {
  return createStore({
    context: { count: 0 },
    on: {
      started: (context) => ({ count: context.count + 1 }),
      settled: (context) => ({ count: Math.max(0, context.count - 1) }),
    },
  });
}

export type PendingStore = ReturnType<typeof createPendingStore>;

/** Wraps `fetch` so each call is counted in `store` until it settles (either way). */
export function trackPendingFetch(store: PendingStore, fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    store.trigger.started();
    try {
      return await fetchImpl(input, init);
    } finally {
      store.trigger.settled();
    }
  };
}
