import { normalState, normalZip } from './shipment-destination';
import { US_STATES, stateOfZip } from './us-zips';

/**
 * The restricted-items rule (shop-core.md section 5). Pure: the checkout machine runs it for the
 * modal and the server runs it again before an order is accepted.
 *
 * - A non-FFL item is blocked when its restrictedStates contains the shipping state (the billing
 *   state when shipping is the same as billing), or when any of its restrictedZips is contained
 *   in the shipping zip.
 * - An FFL item ships to the dealer, so it is checked against the dealer's state and zip.
 *
 * "Contained in the zip" is read as a prefix (decision 026): a restricted entry of 3 digits is a
 * zip prefix ('100' is 10001-10099...), one of 5 digits is one zip; a ZIP+4 destination compares
 * on its 5 digits. The state checked is the one given and also the one the zip belongs to, so a
 * zip typed with another state's code cannot dodge its own state's restriction.
 */
export interface RestrictableItem {
  isFflItem?: boolean | null;
  restrictedStates?: readonly string[] | null;
  restrictedZips?: readonly string[] | null;
}

export interface Destination {
  state?: string | null;
  zip?: string | null;
}

export interface RestrictionAddresses {
  /** Where non-FFL items go: the shipping address, or billing when shipping is the same. */
  shipping: Destination;
  /** Where FFL items go: the dealer's address (absent when the cart holds no FFL items). */
  dealer?: Destination | null;
}

/**
 * What blocks an item at a destination, so the shopper can be told (issue 17, decision 030): the
 * state (USPS code) whose restriction applies, else the destination's 5-digit zip when one of
 * the item's restricted zip entries starts it, else null (the item may go there).
 */
export type Restriction = { state: string } | { zip: string };

export function restrictionOf(item: RestrictableItem, destination: Destination | null | undefined): Restriction | null {
  if (!destination) return null;
  const zip = normalZip(destination.zip);
  const destinationStates = [normalState(destination.state), stateOfZip(zip) ?? ''].filter(Boolean);
  const states = (item.restrictedStates ?? []).map(normalState).filter(Boolean);
  const state = destinationStates.find((candidate) => states.includes(candidate));
  if (state) return { state };
  const zips = (item.restrictedZips ?? []).map(normalZip).filter(Boolean);
  return zip !== '' && zips.some((restricted) => zip.startsWith(restricted)) ? { zip } : null;
}

export function isRestrictedAt(item: RestrictableItem, destination: Destination | null | undefined): boolean {
  return restrictionOf(item, destination) !== null;
}

/** Where an item goes: an FFL item to the dealer, anything else to the shipping address. */
function destinationOf(item: RestrictableItem, addresses: RestrictionAddresses): Destination | null | undefined {
  return item.isFflItem ? addresses.dealer : addresses.shipping;
}

/** The items that cannot ship to the given addresses, in cart order. */
export function findRestrictedItems<T extends RestrictableItem>(items: readonly T[], addresses: RestrictionAddresses): T[] {
  return items.filter((item) => isRestrictedAt(item, destinationOf(item, addresses)));
}

/** What blocks the item at the address it goes to (the restricted-items modal names it). */
export function restrictionFor(item: RestrictableItem, addresses: RestrictionAddresses): Restriction | null {
  return restrictionOf(item, destinationOf(item, addresses));
}

/** A state's name ('CA' -> 'California'); the code itself when it is not one of US_STATES. */
export function stateName(code: string): string {
  const normal = normalState(code);
  return US_STATES.find((state) => state.code === normal)?.name ?? normal;
}

/** The modal's reason: 'not available in California' / 'not available in zip 10001'. */
export function restrictionReason(restriction: Restriction): string {
  return 'state' in restriction ? `not available in ${stateName(restriction.state)}` : `not available in zip ${restriction.zip}`;
}

/**
 * Before checkout the only destination known is the shopper's own (their default shipping
 * address, or the address accepted at checkout this visit; decision 030). A non-FFL item is
 * checked against it whole. An FFL item goes to a dealer, who in practice is in the shopper's
 * state (handguns must be; long guns nearly always are) but rarely in their zip, so only the
 * state counts; checkout checks it again against the chosen dealer.
 */
export function shopperRestriction(item: RestrictableItem, shopper: Destination | null | undefined): Restriction | null {
  if (!shopper) return null;
  if (!item.isFflItem) return restrictionOf(item, shopper);
  const state = normalState(shopper.state) || stateOfZip(normalZip(shopper.zip));
  return state ? restrictionOf(item, { state }) : null;
}

/** 'Not available for shipment to California' (or 'to 10001'), on product pages and cart lines; else null. */
export function shipmentNote(item: RestrictableItem, shopper: Destination | null | undefined): string | null {
  const restriction = shopperRestriction(item, shopper);
  if (!restriction) return null;
  return `Not available for shipment to ${'state' in restriction ? stateName(restriction.state) : restriction.zip}`;
}

/**
 * Handguns go to a dealer in the buyer's state (issue 39 item 10; 18 U.S.C. 922(b)(3): a dealer
 * may transfer a handgun only to a resident of the dealer's own state). The billing address is
 * the buyer's residence. Long guns keep the dealer's state and zip restrictions above. One rule
 * for the dealer picker (which dealers it offers), the checkout machine and the server (which
 * refuses the order): decision 077.
 */
export interface HandgunLine {
  isHandgun?: boolean | null;
}

/** Why a dealer cannot receive the cart's handguns: the buyer's state they must go to. */
export interface DealerStateRefusal {
  buyerState: string;
}

/**
 * Null when the dealer may receive every firearm of the cart; else the state (the billing
 * address's) a dealer must be in. A cart without handguns is never refused here; nor is one whose
 * buyer's state is not known yet (the picker before the billing state is filled in): the
 * checkout and the server check again with the billing address submitted.
 */
export function dealerStateRefusal(
  items: readonly HandgunLine[] | null | undefined,
  dealerState: string | null | undefined,
  buyerState: string | null | undefined,
): DealerStateRefusal | null {
  if (!items?.some((item) => item.isHandgun)) return null;
  const buyer = normalState(buyerState);
  if (!buyer) return null;
  return normalState(dealerState) === buyer ? null : { buyerState: buyer };
}

/** The picker's and the server's reason: 'Handguns go to a dealer in Colorado, the state of your billing address'. */
export function dealerStateReason(refusal: DealerStateRefusal): string {
  return `Handguns go to a dealer in ${stateName(refusal.buyerState)}, the state of your billing address`;
}
