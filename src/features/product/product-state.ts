import { toCartLine, type CartLineInput } from '../../domain/cart-line';
import { MAX_LINE_QUANTITY, quantityProblem } from '../../domain/cart-limits';
import { candidateSkus, choose, firstAvailable, initialSelection, matchingSku, missingChoice } from '../../domain/variant-selection';
import type { AddOn, ColorOption, CompatibilityTab, ProductImage, ProductPage, ProductSku } from './map-product';

/**
 * What the shopper has chosen on a product page (catalogue-and-content.md section 4, "Variant
 * selection"). A plain reducer over the pure rules of src/domain/variant-selection.ts: the page has
 * no workflow (no I/O, no waiting), so a machine would add ceremony without adding safety.
 */
export interface ProductChoices {
  /** Chosen option value per select, in select order; null where nothing is chosen ('Choose'). */
  selection: (string | null)[];
  /** The later selects the last choice reset (index and new value), for the page to announce. */
  resets: { index: number; value: string | null }[];
  /** Ids of the add-on cards toggled on, in the order they were chosen. */
  addOnIds: string[];
  /** The active compatibility tab and its chosen option. */
  compatibilityKey: string | null;
  compatibilityOptionId: string | null;
  colorId: string | null;
  /** As typed (a whole number, or not): quantityError says what is wrong with it. */
  quantity: number;
}

export type ProductAction =
  | { type: 'variant.choose'; index: number; value: string }
  /** Every select set to this sku's options (the pointer to a variant that can ship, decision 030). */
  | { type: 'sku.choose'; sku: string }
  | { type: 'addOn.toggle'; id: string }
  | { type: 'compatibility.tab'; key: string }
  | { type: 'compatibility.option'; id: string }
  | { type: 'color.choose'; id: string }
  | { type: 'quantity.set'; quantity: number };

export const MIN_QUANTITY = 1;
export const SIZE = /^size$/i;
/** Apparel's size starts, and resets to, 'Choose': a guessed size is a wrong order (decision 042). */
const isSize = (select: { label: string }) => SIZE.test(select.label);
export const MAX_QUANTITY = MAX_LINE_QUANTITY;

export function initialChoices(product: ProductPage): ProductChoices {
  const firstTab = product.compatibilityOptions[0] ?? null;
  return {
    selection: initialSelection(product.selects, product.skus, isSize),
    resets: [],
    addOnIds: [],
    compatibilityKey: firstTab?.key ?? null,
    // Section 4: choosing a compatibility tab selects its first option; the first tab starts chosen.
    compatibilityOptionId: firstTab?.options[0]?.id ?? null,
    // Section 4: the first available colour is auto-selected.
    colorId: firstAvailable(product.colorOptions)?.id ?? null,
    quantity: MIN_QUANTITY,
  };
}

export function productReducer(product: ProductPage) {
  return (state: ProductChoices, action: ProductAction): ProductChoices => {
    switch (action.type) {
      case 'variant.choose': {
        const selection = choose(product.selects, product.skus, state.selection, action.index, action.value, isSize);
        // Section 4's reset of the later selects stays; the page says which ones changed.
        const resets = selection
          .map((value, index) => ({ index, value }))
          .filter(({ index, value }) => index > action.index && value !== state.selection[index]);
        return { ...state, selection, resets };
      }
      case 'sku.choose': {
        const target = product.skus.find((candidate) => candidate.sku === action.sku);
        if (!target) return state;
        // Select by select, through the same rule as the shopper's own choices.
        const selection = product.selects.reduce<(string | null)[]>(
          (current, select, index) => choose(product.selects, product.skus, current, index, target.variants[select.id] ?? '', isSize),
          state.selection,
        );
        return { ...state, selection, resets: [] };
      }
      case 'addOn.toggle': {
        if (!product.addOns.some((addOn) => addOn.id === action.id)) return state;
        const on = state.addOnIds.includes(action.id);
        return { ...state, addOnIds: on ? state.addOnIds.filter((id) => id !== action.id) : [...state.addOnIds, action.id] };
      }
      case 'compatibility.tab': {
        const tab = product.compatibilityOptions.find((t) => t.key === action.key);
        if (!tab) return state;
        return { ...state, compatibilityKey: tab.key, compatibilityOptionId: tab.options[0]?.id ?? null };
      }
      case 'compatibility.option': {
        const tab = activeTab(product, state);
        if (!tab?.options.some((o) => o.id === action.id)) return state;
        return { ...state, compatibilityOptionId: action.id };
      }
      case 'color.choose':
        if (!product.colorOptions.some((c) => c.id === action.id)) return state;
        return { ...state, colorId: action.id };
      // Kept as typed, never silently changed: quantityError tells the shopper what is wrong.
      case 'quantity.set':
        return { ...state, quantity: action.quantity };
    }
  };
}

export function activeTab(product: ProductPage, state: ProductChoices): CompatibilityTab | null {
  return product.compatibilityOptions.find((t) => t.key === state.compatibilityKey) ?? null;
}

export function currentSku(product: ProductPage, state: ProductChoices): ProductSku | null {
  return matchingSku(product.selects, product.skus, state.selection);
}

/**
 * The sku whose price and images the page shows: the chosen one, else (a choice still to make,
 * such as apparel's size) the first sku agreeing with the choices made. Never the one added.
 */
export function shownSku(product: ProductPage, state: ProductChoices): ProductSku | null {
  const chosen = currentSku(product, state);
  if (chosen || missingChoice(product.selects, product.skus, state.selection) < 0) return chosen;
  return candidateSkus(product.selects, product.skus, state.selection)[0] ?? null;
}

/** The select still to choose before Add to Cart (apparel's size), or null. */
export function missingSelect(product: ProductPage, state: ProductChoices): ProductPage['selects'][number] | null {
  return product.selects[missingChoice(product.selects, product.skus, state.selection)] ?? null;
}

/** Section 8: a compatibility tab without options shows 'Coming Soon'; nothing can be added from it. */
export function comingSoon(product: ProductPage, state: ProductChoices): boolean {
  const tab = activeTab(product, state);
  return tab !== null && tab.options.length === 0;
}

/**
 * The gallery's images (section 4: the matching sku decides the image): the sku's library, else
 * its image, else the product's library, else the product's image. The first one leads the page
 * and its link previews (src/app/head/catalogue-head.ts).
 */
export function galleryImages(product: ProductPage, sku: ProductSku | null): ProductImage[] {
  if (sku && sku.imageLibrary.length > 0) return sku.imageLibrary;
  if (sku?.image) return [sku.image];
  if (product.imageLibrary.length > 0) return product.imageLibrary;
  return product.image ? [product.image] : [];
}

export function chosenAddOns(product: ProductPage, state: ProductChoices): AddOn[] {
  return state.addOnIds.map((id) => product.addOns.find((a) => a.id === id)).filter((a): a is AddOn => a !== undefined);
}

export function chosenColor(product: ProductPage, state: ProductChoices): ColorOption | null {
  return product.colorOptions.find((c) => c.id === state.colorId) ?? null;
}

/** Whether the chosen sku can be added: it exists, has a price and stock on hand (section 4). */
export function canAddToCart(sku: ProductSku | null): boolean {
  return sku !== null && sku.price !== null && sku.quantity > 0;
}

/**
 * What is wrong with the quantity field for the chosen sku, or null (decision 027): a whole
 * number from 1 to 99, and no more than is on hand ('Only {n} left'). Null while the sku cannot
 * be added at all (the page shows why instead).
 */
export function quantityError(product: ProductPage, state: ProductChoices): string | null {
  const sku = currentSku(product, state);
  if (!canAddToCart(sku)) return null;
  return quantityProblem(state.quantity, { min: MIN_QUANTITY, onHand: sku!.quantity });
}

/**
 * What Add to Cart sends (catalogue-and-content.md section 3, "Cart line payload"): the chosen
 * sku's line with its variant, compatibility and colour choices as options, then one line per
 * chosen add-on with the add-on's own sku and the same quantity. Add-ons are catalogue items of
 * their own (an optic, a sling, a service), so the server prices, taxes and restricts each one
 * (docs/decisions/013); folding them into the main line's options would show a price the cart
 * never charges. Empty when the sku cannot be added.
 */
export function cartLinesFor(product: ProductPage, state: ProductChoices, productUrl: string): CartLineInput[] {
  const sku = currentSku(product, state);
  if (!sku || !canAddToCart(sku) || comingSoon(product, state) || quantityError(product, state) !== null) return [];
  const tab = activeTab(product, state);
  const compatibility = tab?.options.find((o) => o.id === state.compatibilityOptionId);
  const color = chosenColor(product, state);
  const options = [
    ...sku.variantOptions.map((o) => ({ id: o.id, label: o.fieldName, value: o.label })),
    ...(tab && compatibility ? [{ id: compatibility.id, label: tab.fieldName, value: compatibility.label }] : []),
    ...(color ? [{ id: color.id, label: color.fieldName, value: color.label }] : []),
  ];
  const main = toCartLine({
    productName: product.title,
    sku: sku.sku,
    quantity: state.quantity,
    imageUrl: sku.image?.url ?? product.image?.url ?? null,
    price: sku.price,
    finalPrice: sku.finalPrice,
    productUrl,
    fflItem: product.fflItem,
    receiverItem: product.receiverItem,
    options,
    restrictedStates: sku.restrictedStates,
    restrictedZips: sku.restrictedZips,
  });
  const addOns = chosenAddOns(product, state).flatMap((addOn) =>
    addOn.sku
      ? [
          toCartLine({
            productName: addOn.label,
            sku: addOn.sku,
            quantity: state.quantity,
            imageUrl: addOn.image?.url ?? null,
            price: addOn.price,
            productUrl,
            options: [{ id: addOn.id, label: addOn.fieldName, value: `Add-on for ${product.title}` }],
          }),
        ]
      : [],
  );
  return [main, ...addOns];
}
