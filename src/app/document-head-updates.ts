import type { AppRouter } from './router';

/**
 * After a client-side navigation the page's title, description, canonical link, preview tags and
 * JSON-LD follow the new route, from the same builders the server renders them with
 * (src/app/route-head.ts). The builders load after the first navigation, never on the first load:
 * a server-rendered page arrives with its head already written. A page rendered by the browser
 * alone (`initial`) gets its head once the router has its data.
 */
export function bindDocumentHead(router: AppRouter, { initial }: { initial: boolean }) {
  let lastKey = initial ? undefined : router.state.location.key;
  const update = () => {
    const state = router.state;
    if (state.navigation.state !== 'idle' || !state.initialized || state.location.key === lastKey) return;
    lastKey = state.location.key;
    const url = new URL(`${state.location.pathname}${state.location.search}`, window.location.origin);
    const matches = state.matches.map((match) => ({
      id: match.route.id,
      pathname: match.pathname,
      handle: match.route.handle,
      data: state.loaderData[match.route.id],
    }));
    void Promise.all([import('./route-head'), import('./document-head')]).then(([{ headForRoute }, { applyHead }]) => {
      // A later navigation may have finished first: only the current location writes the head.
      if (router.state.location.key === state.location.key) applyHead(document, headForRoute(matches, url), url.origin);
    });
  };
  update();
  return router.subscribe(update);
}
