/**
 * Analytics consent (shop-core.md sections 2 "Modals", 3, 4, 9): undecided (the consent bar is
 * shown), accepted (tracking starts) or declined. The decision is kept permanently in local storage
 * with a timestamp; a stored decision skips the bar, and 'Cookie preferences' shows it again.
 */

/** Local-storage key of the decision: `{ value: true|false, decidedAt: ISO timestamp }`. */
export const CONSENT_STORAGE_KEY = 'analyticsConsent';

/** Analytics inactivity event after 30 s without user activity (section 9). */
export const INACTIVITY_TIMEOUT_MS = 30_000;

export interface StoredConsent {
  value: boolean;
  /** ISO 8601 time the visitor decided. */
  decidedAt: string;
}

/** The event kinds the first-party analytics endpoint accepts (POST /Analytics/events). */
export type AnalyticsEventType = 'page_view' | 'inactivity';

export interface AnalyticsEvent {
  type: AnalyticsEventType;
  path: string;
  /** ISO 8601 time the event happened in the browser. */
  at: string;
}

export type ConsentEvent =
  | { type: 'consent.accept' }
  | { type: 'consent.decline' }
  /** The footer's 'Cookie preferences': show the choice again (only once decided). */
  | { type: 'consent.reopen' }
  /** The router moved to another page (src/app/route-changes.ts). Tracked only when accepted. */
  | { type: 'consent.page.viewed'; path: string }
  /** Pointer, key, scroll or touch activity (throttled by the provided `watchActivity`). */
  | { type: 'consent.activity' };

export interface ConsentInput {
  /** The decision read from local storage at start, or null on a first visit. */
  stored: StoredConsent | null;
  /** The page the app started on. */
  path: string;
}

export interface ConsentContext {
  stored: StoredConsent | null;
  /** The current page, so entering `accepted` can count the page the visitor is on. */
  path: string;
  /** The visitor reopened the choice ('Cookie preferences'); the answer in force still applies. */
  reviewing: boolean;
}

/**
 * Reads a stored decision. Anything but a well-formed `{ value: boolean, decidedAt: string }`
 * counts as no decision, so a damaged entry asks again instead of tracking.
 */
export function parseStoredConsent(raw: string | null | undefined): StoredConsent | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (parsed === null || typeof parsed !== 'object') return null;
    const { value, decidedAt } = parsed as Record<string, unknown>;
    if (typeof value !== 'boolean' || typeof decidedAt !== 'string' || Number.isNaN(Date.parse(decidedAt))) return null;
    return { value, decidedAt };
  } catch {
    return null;
  }
}
