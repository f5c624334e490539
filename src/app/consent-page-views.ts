import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../machines/consent/consent.machine';
import type { AppRouter } from './router';

/**
 * Tells the consent machine about every route change (it sends a page view only while accepted,
 * shop-core.md section 4). Same rule as route-changes.ts: a new location key is a new page; a
 * change of the hash alone is not. Returns the unsubscribe function.
 */
export function bindConsentPageViews(router: AppRouter, consent: ActorRefFrom<typeof consentMachine>) {
  let lastKey = router.state.location.key;
  let lastPage = `${router.state.location.pathname}${router.state.location.search}`;
  return router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    const page = `${state.location.pathname}${state.location.search}`;
    if (page === lastPage) return;
    lastPage = page;
    consent.send({ type: 'consent.page.viewed', path: page });
  });
}
