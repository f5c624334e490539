import type { ApiClient } from '../../src/api/client';
import type { AnalyticsEvent } from './consent.types';

/**
 * The `sendAnalytics` action's body: one POST /Analytics/events (first-party analytics). Fire
 * and forget: a lost event is not the visitor's problem, so failures are swallowed. The request
 * bypasses the client's counted fetch (no full-page spinner for analytics) and is `keepalive`,
 * so the last event of a page that is being left still goes out.
 */
export function createAnalyticsSender(api: ApiClient, network: () => typeof fetch = () => globalThis.fetch) {
  return (event: AnalyticsEvent): void => {
    void api
      .POST('/Analytics/events', {
        body: event,
        fetch: (request: Request) => network()(new Request(request, { keepalive: true })),
      })
      .catch(() => undefined);
  };
}
