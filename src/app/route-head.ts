import type { DocumentHead } from './document-head';
import { collectionHead, productHead, searchHead } from './head/catalogue-head';
import { contentHeads } from './head/content-head';
import type { HeadBuilder } from './head/page-head';
import { homeHead, notFoundHead, plainHead, privateHead } from './head/site-head';
import type { ShellContent } from '../domain/map-shell';
import type { HeadKind, RouteHandle } from '../config/route-handle';

/**
 * The head tags of the page a URL shows, from its matched routes (issue 16). The server imports
 * this statically; the browser loads it after hydration, so the builders stay out of the
 * first-load bundle (the route table carries only each route's head kind).
 */

const builders: Record<HeadKind, HeadBuilder> = {
  home: homeHead,
  product: productHead,
  collection: collectionHead,
  search: searchHead,
  ...contentHeads,
  private: privateHead,
  'not-found': notFoundHead,
};

/** A matched route as React Router's matches (useMatches, the static handler's context) give it. */
export interface HeadMatch {
  id: string;
  pathname: string;
  handle: unknown;
  data: unknown;
}

const handleOf = (match: HeadMatch) => (match.handle ?? null) as Partial<RouteHandle> | null;

/** The root route's id in src/app/router.tsx; its data is the shell's content. */
const ROOT_ROUTE_ID = 'root';

/**
 * The deepest match whose handle names a head kind, or else a title, decides. A private route
 * keeps its pages out of the index whatever they name, so a guarded area is private once.
 */
export function headForRoute(matches: readonly HeadMatch[], url: URL): DocumentHead {
  const deciding = matches.findLast((match) => handleOf(match)?.head || handleOf(match)?.title);
  const handle = deciding ? handleOf(deciding) : null;
  const shell = (matches.find((match) => match.id === ROOT_ROUTE_ID)?.data as ShellContent | undefined) ?? null;
  const build = (handle?.head && builders[handle.head]) || plainHead;
  const head = build({ data: deciding?.data, routeTitle: handle?.title ?? '', url, shell });
  const underPrivate = matches.some((match) => handleOf(match)?.head === 'private');
  return underPrivate ? { ...head, noindex: true } : head;
}
