import { shipmentNote, type Destination } from '../../domain/restricted-items';
import type { ProductPage, ProductSku } from './map-product';
import { canAddToCart } from './product-state';

/*
 * The product page's shipment note (decision 030), apart from product-state.ts: the restriction
 * rule brings the zip-to-state table with it, and the page needs it only once the shopper's
 * destination is known, so product-purchase.tsx loads this module then, off the first load
 * (bundle budget, decision 020).
 */

/** What the product page says about a sku that cannot ship where the shopper ships (decision 030). */
export interface ShipmentRestriction {
  /** 'Not available for shipment to California' (or 'to 10001' for a zip-only block). */
  note: string;
  /**
   * The nearest variant that can ship there: one that can be bought first, then the fewest
   * options changed, then catalogue order. Its label names the options that differ
   * ('10 rounds'). Null when no variant can.
   */
  alternative: { sku: string; label: string } | null;
}

/**
 * Whether the chosen sku can ship to the shopper's known destination (null while unknown), by
 * the restricted-items rule of src/domain: the page says so and points to a variant that can.
 */
export function shipmentRestriction(
  product: ProductPage,
  sku: ProductSku | null,
  destination: Destination | null | undefined,
): ShipmentRestriction | null {
  if (!sku || !destination) return null;
  const noteOf = (candidate: ProductSku) => shipmentNote({ ...candidate, isFflItem: product.fflItem }, destination);
  const note = noteOf(sku);
  if (!note) return null;
  const differing = (candidate: ProductSku) => product.selects.filter((select) => candidate.variants[select.id] !== sku.variants[select.id]);
  const [nearest] = product.skus
    .map((candidate, order) => ({ candidate, order, changes: differing(candidate).length, unbuyable: canAddToCart(candidate) ? 0 : 1 }))
    .filter(({ candidate }) => candidate.sku !== sku.sku && noteOf(candidate) === null)
    .sort((a, b) => a.unbuyable - b.unbuyable || a.changes - b.changes || a.order - b.order);
  if (!nearest) return { note, alternative: null };
  const label = differing(nearest.candidate)
    .map((select) => select.options.find((option) => option.value === nearest.candidate.variants[select.id])?.label)
    .filter((text): text is string => !!text)
    .join(', ');
  return { note, alternative: { sku: nearest.candidate.sku, label: label || nearest.candidate.sku } };
}
