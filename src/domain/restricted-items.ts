/**
 * The restricted-items rule (shop-core.md section 5). Pure: the checkout machine runs it for the
 * modal and the server runs it again before an order is accepted.
 *
 * - A non-FFL item is blocked when its restrictedStates contains the shipping state (the billing
 *   state when shipping is the same as billing), or when any of its restrictedZips is contained
 *   in the shipping zip.
 * - An FFL item ships to the dealer, so it is checked against the dealer's state and zip.
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

const normalState = (state: string | null | undefined) => (state ?? '').trim().toUpperCase();
const normalZip = (zip: string | null | undefined) => (zip ?? '').replace(/\s+/g, '');

export function isRestrictedAt(item: RestrictableItem, destination: Destination | null | undefined): boolean {
  if (!destination) return false;
  const state = normalState(destination.state);
  const zip = normalZip(destination.zip);
  const states = (item.restrictedStates ?? []).map(normalState).filter(Boolean);
  if (state && states.includes(state)) return true;
  // "contained in the zip": a restricted zip (or zip prefix) appearing in the destination zip.
  const zips = (item.restrictedZips ?? []).map(normalZip).filter(Boolean);
  return zip !== '' && zips.some((restricted) => zip.includes(restricted));
}

/** The items that cannot ship to the given addresses, in cart order. */
export function findRestrictedItems<T extends RestrictableItem>(items: readonly T[], addresses: RestrictionAddresses): T[] {
  return items.filter((item) => isRestrictedAt(item, item.isFflItem ? addresses.dealer : addresses.shipping));
}
