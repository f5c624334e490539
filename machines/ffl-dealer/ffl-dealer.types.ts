import type { DealerValues } from '../../src/domain/checkout-forms';
import type { LatLng, WithDistance } from '../../src/domain/distance';

/**
 * The FFL dealer step of checkout (shop-core.md sections 3, 5; catalogue-and-content.md sections
 * 4, 9; decision 029): the shopper finds the shop's dealers near a zip and chooses one; the
 * dealer form's fields are that dealer's record, read-only.
 */

/** A dealer as the step lists it: where it is, the dealer form's fields, and its licence. */
export interface FflDealer extends LatLng {
  /** The contract's Dealer id: what the order sends. */
  id: number;
  name: string;
  /** Street line (the dealer form's dealerAddress). */
  address: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  phone: string;
  /** The licence's last five characters, as FFL checkouts show it; null when none is on file. */
  licenceEnding: string | null;
  /** The server's word on whether the licence is current today: only then can it be chosen. */
  licenceCurrent: boolean;
}

/** A listed dealer with its distance from the searched zip, in whole metres. */
export type FflDealerResult = WithDistance<FflDealer>;

/** The chosen dealer as checkout keeps it: the spec's dealer form fields and the dealer's id. */
export interface ChosenDealer extends DealerValues {
  dealerId: number;
}

export interface LastDealerAnswer {
  /** The signed-in customer's last dealer, or null (GET /User/last-dealer). */
  dealer: FflDealer | null;
}

export interface FflDealerInput {
  /** Ask for the signed-in customer's last dealer at once (the checkout knows who shops). */
  recall?: boolean;
  /** The cart holds a handgun: only a dealer in the buyer's state can be chosen (decision 077). */
  handguns?: boolean;
}

export interface FflDealerContext {
  /** Every dealer of the shop, once loaded (the first search loads them). */
  dealers: FflDealer[] | null;
  /** The zip field: digits only; follows the shopper's billing or shipping zip until edited. */
  zip: string;
  /** The shopper typed a zip of their own: the address zip no longer replaces it. */
  zipEdited: boolean;
  /** The distance choice in miles (the locator's choices, default 50). */
  radius: number;
  /** The zip and distance of the search under way or answered (the words of the results). */
  searched: { zip: string; radius: number } | null;
  /** The dealers within the searched distance, nearest first (expired licences included, greyed). */
  results: FflDealerResult[];
  /** A dealer picked on the map: its card is brought into view. */
  highlightedId: number | null;
  chosen: FflDealer | null;
  /** The chosen dealer is the customer's last one, offered first. */
  chosenIsLast: boolean;
  /** pending: ask at once; done: asked (once per checkout); none: not a signed-in customer yet. */
  recall: 'pending' | 'done' | 'none';
  /** The cart holds a handgun (the server's cart lines say so): decision 077. */
  handguns: boolean;
  /** The buyer's state, the billing address's as the form has it ('' until filled in). */
  buyerState: string;
  /** Why the last choice was refused or dropped (a licence not current, a handgun's state). */
  refusal: string | null;
  /** Why the last search failed, in the shopper's words. */
  error: string | null;
}

export type FflDealerEvent =
  /** The shopper typed in the dealer search's zip field. */
  | { type: 'dealer.zip.change'; zip: string }
  /** The shopper's billing or shipping zip changed (the search's default zip). */
  | { type: 'dealer.zip.suggest'; zip: string }
  | { type: 'dealer.radius.change'; radius: number }
  /** SEARCH: find the dealers within the distance of the zip. */
  | { type: 'dealer.search' }
  /** A marker on the map was pressed: bring that dealer's card into view. */
  | { type: 'dealer.highlight'; id: number }
  /** CHOOSE: this dealer receives the firearms. */
  | { type: 'dealer.choose'; id: number }
  /** CHANGE: back to the list to choose another dealer. */
  | { type: 'dealer.change' }
  /** The checkout found a signed-in customer's cart: offer their last dealer first (once). */
  | { type: 'dealer.recall' }
  /** The billing state changed: the buyer's residence, where a handgun's dealer must be (decision 077). */
  | { type: 'dealer.residence.change'; state: string }
  /** The cart changed: whether it now holds a handgun. */
  | { type: 'dealer.handguns.change'; handguns: boolean };

/** What the step tells the checkout it runs in (sendParent). */
export type FflDealerReport = { type: 'dealer.chosen'; dealer: ChosenDealer } | { type: 'dealer.cleared' };

export const ZIP_NEEDED = 'Enter a 5-digit zip code to find dealers near you.';
export const ZIP_NOT_FOUND = (zip: string) => `We could not find zip code ${zip}. Please check it and search again.`;
export const SEARCH_FAILED = 'Dealers could not be searched just now. Please try again.';
/** A handgun's dealer outside the buyer's state, refused when chosen (decision 077). */
export const OUT_OF_STATE = (reason: string) => `${reason}. Please choose a dealer there.`;
/** The chosen dealer no longer fits: the billing state changed, or a handgun joined the cart. */
export const CHOICE_DROPPED = (dealer: string, reason: string) => `${dealer} cannot receive this order: ${reason}. Please choose another dealer.`;
export const LICENCE_EXPIRED = "This dealer's FFL license has expired, so it cannot receive firearms. Please choose another dealer.";
