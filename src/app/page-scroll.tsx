import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How far down each page of this tab's history the shopper was when they left it (location key → px). */
const positions = new Map<string, number>();
/** Locations written with `preventScrollReset` (a collection's filter, sort, search or tab): the page stays where it is. */
const kept = new Set<string>();
const REMEMBERED_PAGES = 50;

/**
 * Notes a change of location (src/app/route-changes.ts), before the next page is drawn, so the old
 * page is still the one measured: where the shopper was on the page they leave, and whether the
 * new location asked to keep the scroll (`preventScrollReset`).
 */
export function notePageChange(left: { key: string; top: number }, next: { key: string; keepScroll: boolean }) {
  positions.delete(left.key);
  positions.set(left.key, left.top);
  forgetOldest(positions);
  if (!next.keepScroll) return;
  kept.add(next.key);
  forgetOldest(kept);
}

/** Keeps the last REMEMBERED_PAGES locations (insertion order: the oldest first). */
function forgetOldest(locations: Map<string, unknown> | Set<string>) {
  if (locations.size > REMEMBERED_PAGES) locations.delete(locations.keys().next().value!);
}

/**
 * Where a page shows once it is drawn (shop-core.md section 2: a route change scrolls to the top;
 * docs/decisions/070): a new page at its top, and a page reached with Back or Forward where the
 * shopper left it. A jump, never a glide: the page does not move under the pointer after it has
 * appeared. A location with a #hash is left to its page (About Us scrolls smoothly to its anchor),
 * a new query that asked to keep the scroll (a collection's filters) stays where it is, and the
 * first page is left to the browser (a reload keeps its place). Renders nothing.
 */
export function PageScroll() {
  const { key, hash } = useLocation();
  const type = useNavigationType();
  const drawn = useRef<string | null>(null);
  useManualHistoryScroll();
  useLayoutEffect(() => {
    if (drawn.current === key) return;
    const first = drawn.current === null;
    drawn.current = key;
    if (first || hash) return;
    if (type === 'POP') window.scrollTo({ top: positions.get(key) ?? 0, left: 0, behavior: 'instant' });
    else if (!kept.has(key)) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key, hash, type]);
  return null;
}

/**
 * While the app runs, the browser does not restore the scroll itself on Back and Forward: it would
 * do so on the page being left, before the next one is drawn (a jump of the old page, and the
 * wrong place remembered for it). When the document goes (a reload, another site) the browser's
 * own restoring is back, so a reload keeps its place.
 */
function useManualHistoryScroll() {
  useEffect(() => {
    const manual = () => {
      window.history.scrollRestoration = 'manual';
    };
    const auto = () => {
      window.history.scrollRestoration = 'auto';
    };
    manual();
    window.addEventListener('pagehide', auto);
    window.addEventListener('pageshow', manual);
    return () => {
      auto();
      window.removeEventListener('pagehide', auto);
      window.removeEventListener('pageshow', manual);
    };
  }, []);
}
