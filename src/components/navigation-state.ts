import type { Location } from 'react-router-dom';

/*
 * Navigation passes the previous location along as state (shop-core.md and catalogue-and-content.md
 * section 2; issue 22 item 1). It is done once, where every in-app navigation goes through: the
 * router's `navigate` (src/app/router.tsx `passPreviousLocation`), which every Link, NavLink,
 * `useNavigate()` call and form submission of the data router calls. Screens that offer "Back" read
 * it with `backTo`, and fall back to a sensible parent when it is absent (a link from outside, a
 * reload of a page opened by a bookmark).
 */

/** The state every in-app navigation carries: the path, query and hash it started from. */
export interface FromState {
  from: string;
}

type RouterLocation = Pick<Location, 'pathname' | 'search' | 'hash' | 'state'>;

/** An in-app path (never another origin, never a protocol-relative address). */
function isAppPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

/** The previous location a navigation state names, or null. */
export function fromOf(state: unknown): string | null {
  const from = state !== null && typeof state === 'object' ? (state as Partial<FromState>).from : undefined;
  return isAppPath(from) ? from : null;
}

/** Where "Back" goes: the location the shopper came from, else `fallback` (a parent). */
export function backTo(state: unknown, fallback: string): string {
  return fromOf(state) ?? fallback;
}

/**
 * The state a navigation leaving `current` carries: the caller's own state, with `from` added
 * unless the caller named one. A replacing navigation (filters in the URL, a redirect) stands in
 * for the entry it replaces, so it keeps that entry's `from`. A state that is not a plain object
 * is left as it is.
 */
export function withFrom(state: unknown, current: RouterLocation, replace = false): unknown {
  const from = replace ? (fromOf(current.state) ?? undefined) : `${current.pathname}${current.search}${current.hash}`;
  if (from === undefined) return state;
  if (state === undefined || state === null) return { from } satisfies FromState;
  if (typeof state !== 'object' || Array.isArray(state) || fromOf(state) !== null) return state;
  return { ...state, from };
}
