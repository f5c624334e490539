// The shop catalogue: one row per sku with price, discount, stock and the restricted-items data
// the server checks before accepting an order (shop-core spec section 5). Derived from
// products.ts (names, flags, restrictions, images) and pricing.ts (money and stock), so the two
// can never disagree.
import { discounts, listPrice, serviceSkus, stockFor } from './pricing';
import { productUrl } from './product-ref';
import { products } from './products';
import { taxCodeOf } from './tax-codes';
import type { TaxCode } from '../../src/domain/tax-codes';

/**
 * One row of the shop catalogue as server/src/db/seed.ts writes it to the skus table. Not a shape
 * of the contract: the API answers prices and stock (PriceEntry) and cart lines built from these
 * rows, never the rows themselves.
 */
export interface SkuRow {
  sku: string;
  productDocumentId: string;
  productName: string;
  /** USD, two decimals */
  price: number;
  /** 0-100 integer, 0 for none */
  bestDiscountPercentage: number;
  qtyOnHand: number;
  isFflItem: boolean;
  isReceiverItem: boolean;
  /** A handgun: transferred only by a dealer in the buyer's state (decision 077). */
  isHandgun: boolean;
  /** Sales-tax code (decision 007, addendum 2026-11-26; server/seed/tax-codes.ts). */
  taxCode: TaxCode;
  /** Sold only as part of a 3D-builder build: never a cart line alone, never listed (decision 027). */
  buildOnly?: boolean;
  /** two-letter state codes */
  restrictedStates: string[];
  /** zip prefixes (3 digits) or full 5-digit zips */
  restrictedZips: string[];
  imageUrl: string;
  productUrl: string;
}

/**
 * The handguns of the demo catalogue (decision 077; 18 U.S.C. 922(b)(3)): every pistol, the
 * limited RP-9 Ember Edition and the RP-9's serialized frame (the part that is the pistol in law).
 * The RK-15 and RK-10 stripped lowers are rifle receivers and not listed (the decision says why).
 */
export const HANDGUN_PRODUCTS: ReadonlySet<string> = new Set([
  'rp-9-compact',
  'rp-9-full-size',
  'rp-9-subcompact',
  'rp-45-full-size',
  'rp-10-longslide',
  'rp-380-pocket',
  'rp-22-target',
  'rp-9-ember-edition',
  'rp-9-serialized-frame',
]);

const productRows: SkuRow[] = products.flatMap((product) =>
  product.skus.map((sku) => ({
    sku: sku.sku,
    productDocumentId: product.documentId,
    productName: product.title,
    price: listPrice(
      product.documentId,
      sku.product_variant_options.map((option) => option.value),
    ),
    bestDiscountPercentage: discounts[sku.sku] ?? 0,
    qtyOnHand: stockFor(sku.sku),
    isFflItem: product.ffl_item,
    isReceiverItem: product.receiver_item,
    isHandgun: HANDGUN_PRODUCTS.has(product.documentId),
    taxCode: taxCodeOf(product.documentId),
    restrictedStates: sku.restricted_states.map((r) => r.value),
    restrictedZips: sku.restricted_zips.map((r) => r.zip),
    imageUrl: sku.image.url,
    productUrl: productUrl(product),
  })),
);

// Service skus are sold only as add-ons; their row points at the first product offering them.
const serviceRows: SkuRow[] = serviceSkus.map((service) => {
  const host = products.find((product) =>
    product.add_ons.some((addOn) => addOn.options.some((option) => option.sku === service.sku)),
  );
  if (!host) throw new Error(`service ${service.sku} is not offered as an add-on`);
  const option = host.add_ons.flatMap((addOn) => addOn.options).find((o) => o.sku === service.sku)!;
  return {
    sku: service.sku,
    productDocumentId: host.documentId,
    productName: service.title,
    price: service.price,
    bestDiscountPercentage: 0,
    qtyOnHand: 999,
    isFflItem: false,
    isReceiverItem: false,
    isHandgun: false,
    // Services (fitting, engraving) are charged with the goods they go on: general merchandise.
    taxCode: 'general-merchandise',
    restrictedStates: [],
    restrictedZips: [],
    imageUrl: option.image.url,
    productUrl: productUrl(host),
  };
});

export const skus: SkuRow[] = [...productRows, ...serviceRows];
