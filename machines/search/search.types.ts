/**
 * Product search (catalogue-and-content.md sections 2 "Search overlay", 4 "Search", 5 "Search",
 * 7 `GET /{cms}/products/search/{query}`, 9): the overlay's text box, its suggestions and the
 * search-icon toggle.
 */

/**
 * Suggestions are asked for only when the text is longer than 2 characters (sections 5 and 9);
 * shorter text clears them (issue 19 item 3).
 */
export const MIN_SUGGEST_LENGTH = 3;
/** A search may be submitted only with more than 1 character (sections 5 and 9). */
export const MIN_SUBMIT_LENGTH = 2;
/** Suggestions are requested after a 500 ms debounce (sections 7 and 9). */
export const SUGGEST_DEBOUNCE_MS = 500;
/** The search-icon toggle is debounced 1000 ms (section 9). */
export const TOGGLE_DEBOUNCE_MS = 1000;

/**
 * A search suggestion (section 3): id, title, subtitle, product url; plus a small image, the
 * price and whether it is sold out (issue 19 item 3).
 */
export interface Suggestion {
  id: string;
  title: string;
  subtitle: string;
  /** The product page (built from display_type and documentId by the app's mapper). */
  url: string;
  imageUrl: string | null;
  imageAlt: string;
  /** The price a card shows (the discounted price, else the price); null when prices are unknown. */
  price: number | null;
  /** No sku of the product has stock on hand. */
  soldOut: boolean;
}

export interface SuggestInput {
  /** The trimmed text the suggestions are for. */
  query: string;
}

export interface SearchContext {
  /** The text box as typed. */
  text: string;
  suggestions: Suggestion[];
  /** Index into `suggestions` of the highlighted option; -1 when none is (the text box is). */
  selectedIndex: number;
}

export type SearchEvent =
  /** The search icon was pressed (debounced 1000 ms). */
  | { type: 'search.toggle' }
  | { type: 'search.text.change'; text: string }
  | { type: 'search.selection.next' }
  | { type: 'search.selection.previous' }
  /** Enter: opens the selected suggestion, else submits the text. */
  | { type: 'search.submit' }
  /** A suggestion was clicked. */
  | { type: 'search.suggestion.select'; index: number }
  /** Escape: closes the overlay. */
  | { type: 'search.close' }
  /** The overlay was closed from elsewhere (route change, cart, menu): forget text and suggestions. */
  | { type: 'search.reset' };

/** What the machine asks the app to do; the app owns the router and the overlay's open flag. */
export type SearchEmitted =
  | { type: 'search.overlay.toggle' }
  | { type: 'search.overlay.close' }
  /** Open this suggestion's product page. */
  | { type: 'search.suggestion.open'; suggestion: Suggestion }
  /** Go to the results page for this (trimmed) query; the app encodes it into the route. */
  | { type: 'search.results.open'; query: string };

/** The trimmed text; suggestions and submits are about what was typed, not its surrounding spaces. */
export function queryOf(text: string): string {
  return text.trim();
}
