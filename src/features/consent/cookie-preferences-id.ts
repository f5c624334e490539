/**
 * The footer's 'Cookie preferences' button: the reopened consent bar hands focus back to it. A
 * module of its own, so the footer (on every first load) does not bring the consent machine's
 * services (decision 057).
 */
export const COOKIE_PREFERENCES_ID = 'cookie-preferences';
