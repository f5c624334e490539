/** The header's search icon; Escape in the overlay returns focus here. */
export const SEARCH_TOGGLE_ID = 'site-search-toggle';
/** The overlay the icon opens (its `aria-controls`). */
export const OVERLAY_ID = 'site-search';
