import type { LatLng, WithDistance } from '../../src/domain/distance';

/**
 * Dealer locator (catalogue-and-content.md sections 2, 3 "Dealer locator card", 4, 5, 7, 8, 9).
 */

/** A dealer card in the views' form (section 3): the name, phone, address lines and coordinates. */
export interface LocatorDealer extends LatLng {
  id: string;
  name: string;
  phoneNumber: string;
  /** Street line, then the city line; blank lines are left out. */
  addressLines: string[];
}

/** A listed dealer: its distance from the searched zip in whole metres, null when all are shown. */
export type DealerResult = WithDistance<LocatorDealer>;

export interface LocatorContext {
  /** Every dealer of the locator, as loaded. */
  dealers: LocatorDealer[];
  /** The listed dealers: all of them, or those within the radius of the searched zip. */
  results: DealerResult[];
  /** The zip field (digits only, section 5). */
  zip: string;
  /** The radius in miles; null when none is chosen (then every dealer is shown, section 4). */
  radius: number | null;
  /** The radius of the search under way or answered (a change while geocoding waits for the next submit). */
  searchRadius: number | null;
  /** The zip of the search under way or answered (named by the unknown-zip notice). */
  searchZip: string;
  /** The geocoded point of the last search, or null when all dealers are shown. */
  origin: LatLng | null;
  /** The card (and marker) highlighted, by dealer id. */
  selectedId: string | null;
  /**
   * The geocoding failure of the last search: an unknown zip in the words of issue 19 (decision
   * 045), any other failure in the words of section 8.
   */
  error: string | null;
}

export type LocatorEvent =
  | { type: 'locator.zip.change'; zip: string }
  | { type: 'locator.radius.change'; radius: number | null }
  | { type: 'locator.submit' }
  /** A card or its map marker was chosen. */
  | { type: 'locator.dealer.select'; id: string }
  | { type: 'locator.dealer.clear' }
  /** Try loading the dealer list again after a failure. */
  | { type: 'locator.retry' };

export const DEALERS_UNAVAILABLE_TEXT = 'The dealer list could not be loaded.';

/** An unknown zip (the geocoder's ZERO_RESULTS), issue 19 item 7 and decision 045. */
export const ZIP_NOT_FOUND_TEXT = (zip: string) => `We could not find zip ${zip}.`;
