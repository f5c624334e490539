/**
 * Where the shopper's goods go, as the shop keeps it before checkout (decision 030): a USPS state
 * code and a 5-digit zip, never the street address. Pure and import-free on purpose: the app's
 * entry wires it (src/app/app-actors.ts), so it must not pull the zip tables of us-zips.ts into
 * the first load (bundle budget, decision 020); src/domain/restricted-items.ts builds on it.
 */

export interface DestinationInput {
  state?: string | null;
  zip?: string | null;
}

/** A state code as compared: trimmed, in capitals. */
export const normalState = (state: string | null | undefined) => (state ?? '').trim().toUpperCase();

/** A zip's first five characters without spaces: '12345-6789' -> '12345', ' 100 01' -> '10001'. */
export const normalZip = (zip: string | null | undefined) => (zip ?? '').replace(/\s+/g, '').split('-')[0].slice(0, 5);

/** A destination as it is kept: the state code in capitals, the zip's 5 digits. */
export function normalDestination(destination: DestinationInput): { state: string; zip: string } {
  return { state: normalState(destination.state), zip: normalZip(destination.zip) };
}

/**
 * The signed-in customer's default shipping address as a destination (the profile's addresses,
 * shop-core.md section 5), or null when none is marked default.
 */
export function defaultShippingDestination(
  addresses: readonly { isDefaultShipping: boolean; state: string; postalCode: string }[] | null | undefined,
): { state: string; zip: string } | null {
  const address = addresses?.find((candidate) => candidate.isDefaultShipping);
  return address ? normalDestination({ state: address.state, zip: address.postalCode }) : null;
}
