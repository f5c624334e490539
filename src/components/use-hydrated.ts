import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during the browser's hydration render, true after. A part of the page
 * that shows the browser's own state (session, cart, consent, pending requests) renders what the
 * server rendered (signed out, empty cart, nothing pending) until hydration is over, so the first
 * render matches the server's HTML; React then re-renders it with the real state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
