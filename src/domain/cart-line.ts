import type { components } from '../api/schema';

export type CartLineInput = components['schemas']['CartLineInput'];

/** What a catalogue view knows about the thing being added (collection card, product page, builder). */
export interface CartLineSource {
  /** The product's name as shown. */
  productName: string;
  /** The sku: the cart's productId (catalogue-and-content.md section 3, "Cart line payload"). */
  sku: string;
  quantity: number;
  imageUrl?: string | null;
  /** The sku's list price and final (discounted, else list) price as shown; the server re-prices. */
  price?: number | null;
  finalPrice?: number | null;
  /** The product page's URL, so the cart line links back to it. */
  productUrl?: string | null;
  fflItem?: boolean;
  receiverItem?: boolean;
  /** Chosen variant options, add-ons, compatibility and colour choices, in page order. */
  options?: ReadonlyArray<{ id: string | number; label: string; value: string }>;
  buildId?: string;
  notes?: string;
  restrictedStates?: readonly string[];
  restrictedZips?: readonly string[];
}

/**
 * The spec's cart line payload (catalogue-and-content.md section 3): productName, productId (the
 * sku), quantity, imageUrl, productPrice (list), price (final), productUrl, isFflItem,
 * isReceiverItem, optionIds (as text), options (label, value), buildId, notes, restrictedStates,
 * restrictedZips. The server takes prices, flags and restrictions from its own catalogue
 * (DESIGN.md section 1); they are sent because the payload names them.
 */
export function toCartLine(source: CartLineSource): CartLineInput {
  const options = source.options ?? [];
  const line: CartLineInput = {
    productName: source.productName,
    productId: source.sku,
    quantity: Math.max(1, Math.trunc(source.quantity)),
    isFflItem: Boolean(source.fflItem),
    isReceiverItem: Boolean(source.receiverItem),
    optionIds: options.map((option) => String(option.id)),
    options: options.map((option) => ({ label: option.label, value: option.value })),
    restrictedStates: [...(source.restrictedStates ?? [])],
    restrictedZips: [...(source.restrictedZips ?? [])],
  };
  if (source.imageUrl) line.imageUrl = source.imageUrl;
  if (typeof source.price === 'number') line.productPrice = source.price;
  if (typeof source.finalPrice === 'number') line.price = source.finalPrice;
  else if (typeof source.price === 'number') line.price = source.price;
  if (source.productUrl) line.productUrl = source.productUrl;
  if (source.buildId) line.buildId = source.buildId;
  if (source.notes) line.notes = source.notes;
  return line;
}
