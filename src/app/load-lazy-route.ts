import type { RouteObject } from 'react-router-dom';

/**
 * Loads what a route's `lazy` names (a function, or an object of per-property loaders) onto the
 * route itself, which is then no longer lazy. The browser does it for the routes the server
 * rendered before hydrating (src/main.tsx); the server for its whole table once (server-entry.tsx).
 */
export async function loadLazyRoute(route: RouteObject): Promise<void> {
  const lazy = route.lazy;
  if (!lazy) return;
  if (typeof lazy === 'function') Object.assign(route, await lazy());
  else {
    const loaded = await Promise.all(Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const));
    Object.assign(route, Object.fromEntries(loaded));
  }
  route.lazy = undefined;
}
