import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../config/route-handle';

/** The current route's title from its `handle`, the heading of a page whose content has none. */
export function useRouteTitle(): string {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return handle?.title ?? '';
}
