import { fromCallback, type EventObject } from 'xstate';
import {
  CONSENT_STORAGE_KEY,
  parseStoredConsent,
  type ConsentEvent,
  type StoredConsent,
} from '../../../machines/consent/consent.types';


/** The stored decision (local storage `analyticsConsent`), or null: a first visit. */
export function readStoredConsent(storage: Storage | undefined = globalThis.localStorage): StoredConsent | null {
  try {
    return parseStoredConsent(storage?.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null; // storage disabled: ask
  }
}

/** Keeps the decision permanently (shop-core.md section 9): local storage, no expiry. */
export function writeStoredConsent(stored: StoredConsent | null, storage: Storage | undefined = globalThis.localStorage) {
  if (!stored) return;
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage disabled: the decision holds for this page load; the bar asks again next time.
  }
}

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;
/** Activity is reported at most this often (pointer moves and scrolls fire many times a second). */
export const ACTIVITY_THROTTLE_MS = 1_000;

/**
 * The consent machine's `watchActivity` actor (runs only while accepted): user activity on the
 * page becomes `consent.activity`, throttled; a tab that becomes visible again counts too.
 */
export const watchActivity = fromCallback<EventObject>(({ sendBack }) => {
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < ACTIVITY_THROTTLE_MS) return;
    last = now;
    sendBack({ type: 'consent.activity' } satisfies ConsentEvent);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') onActivity();
  };
  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
    document.removeEventListener('visibilitychange', onVisibility);
  };
});

/** The page as analytics counts it: path and query, no hash. */
export function currentPagePath(location: Pick<Location, 'pathname' | 'search'> | undefined = globalThis.location): string {
  return location ? `${location.pathname}${location.search}` : '/';
}
