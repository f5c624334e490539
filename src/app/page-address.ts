import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { RouteHandle } from '../config/route-handle';

/**
 * One address per page (issue 39 item 3, decision 074), decided from the route table on the
 * server before a page is rendered:
 *
 * - a known page asked for under another spelling of its path (letter case, a trailing slash, dot
 *   segments, percent-encoding of a letter) moves, permanently, to the path its route spells,
 *   with the query it was asked with. The router matches paths without regard to case or a
 *   trailing slash, so without this `/FAQ`, `/Faq/` and `/faq` were three pages with three
 *   canonical links;
 * - a page is rendered with only the query parameters its routes read (`RouteHandle.query`):
 *   `?utm_source=…` and any other parameter it does not read leave its HTML, and the key it is
 *   kept under, as they are.
 *
 * An unknown path (the catch-all route) is left as it is: its 404 page names it.
 */
export type PageAddress =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      /** The origin, the path as asked and the query parameters the page reads. */
      url: URL;
      /** The query as asked, percent-encoded ('' or '?…'). */
      search: string;
    };

/**
 * `origin`: PUBLIC_URL's; `target`: the request's path and query, which the server has checked
 * names a path on that origin (server/src/ssr.ts pageTarget).
 */
export function pageAddress(routes: RouteObject[], origin: string, target: string): PageAddress {
  const queryAt = target.indexOf('?');
  const askedPath = queryAt < 0 ? target : target.slice(0, queryAt);
  // Joined, never resolved against the origin: the origin's host is kept whatever the target.
  const asked = new URL(`${origin}${target.startsWith('/') ? '' : '/'}${target}`);
  const matches = matchRoutes(routes, asked.pathname) ?? [];
  const canonical = canonicalPath(matches);
  if (canonical !== null && canonical !== askedPath) return { kind: 'redirect', location: `${canonical}${asked.search}` };
  const reads = queryReader(matches.map((match) => match.route.handle as Partial<RouteHandle> | undefined));
  const url = new URL(`${asked.origin}${asked.pathname}`);
  const kept = [...asked.searchParams].filter(([name]) => reads(name));
  if (kept.length) url.search = new URLSearchParams(kept).toString();
  return { kind: 'page', url, search: asked.search };
}

type Matches = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>;

/**
 * The path the matched routes spell: their static segments as written in the route table, each
 * path value percent-encoded as the shop's links encode it (src/config/paths.ts); null for the
 * catch-all route, which has no address of its own.
 */
export function canonicalPath(matches: Matches): string | null {
  if (matches.length === 0) return null;
  const params = matches[matches.length - 1].params;
  let segments: string[] = [];
  for (const { route } of matches) {
    if (route.path === undefined) continue;
    const own = route.path.split('/').filter(Boolean);
    if (own.includes('*')) return null;
    // An absolute child path repeats its parents' (React Router allows it under a matching parent).
    segments = route.path.startsWith('/') ? own : [...segments, ...own];
  }
  const spelled = segments.map((segment) => {
    if (!segment.startsWith(':')) return segment;
    const value = params[segment.slice(1).replace(/\?$/, '')];
    return value === undefined ? '' : encodeURIComponent(value);
  });
  return `/${spelled.filter(Boolean).join('/')}`;
}

/** Whether a query parameter is one the matched routes read: a name, or a prefix ending in `*`. */
function queryReader(handles: readonly (Partial<RouteHandle> | undefined)[]): (name: string) => boolean {
  const declared = handles.flatMap((handle) => handle?.query ?? []);
  const names = new Set(declared.filter((name) => !name.endsWith('*')));
  const prefixes = declared.filter((name) => name.endsWith('*')).map((name) => name.slice(0, -1));
  return (name) => names.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}
