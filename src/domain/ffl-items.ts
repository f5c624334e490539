/** A line that may be a firearm: firearms ship to an FFL dealer, never to the shopper (shop-core.md section 5). */
interface FflLine {
  isFflItem?: boolean | null;
}

/** The order needs an FFL dealer: at least one line ships to one. */
export function hasFflItems(items: readonly FflLine[] | null | undefined): boolean {
  return !!items?.some((item) => item.isFflItem);
}

/** Every line ships to the dealer, so there is no shipping address to show or ask for. */
export function allFflItems(items: readonly FflLine[] | null | undefined): boolean {
  return !!items && items.length > 0 && items.every((item) => item.isFflItem);
}

/** The cart holds a handgun: it goes to a dealer in the buyer's state (decision 077). */
export function hasHandguns(items: readonly { isHandgun?: boolean | null }[] | null | undefined): boolean {
  return !!items?.some((item) => item.isHandgun);
}
