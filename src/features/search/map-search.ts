import type { components } from '../../api/schema';
import type { Suggestion } from '../../../machines/search/search.types';
import { mapCollectionItem, type CollectionItem } from '../../domain/map-collection';
import { isSoldOut, type PriceMap } from '../../api/prices';

type CmsProductRef = components['schemas']['CmsProductRef'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A product reference that can be named and linked (it has a title and a documentId). */
function isUsable(ref: CmsProductRef | null | undefined): ref is CmsProductRef {
  return Boolean(ref && text(ref.documentId) && text(ref.title));
}

/** The usable references, each product once, in the order given. */
function usable(refs: readonly (CmsProductRef | null | undefined)[] | null | undefined): CmsProductRef[] {
  const seen = new Set<string>();
  return (Array.isArray(refs) ? refs : []).filter(isUsable).filter((ref) => {
    const id = text(ref.documentId);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const skusOf = (ref: CmsProductRef): string[] =>
  (Array.isArray(ref.skus) ? ref.skus : []).map((entry) => text(entry?.sku)).filter(Boolean);

/**
 * Search suggestions (catalogue-and-content.md section 3, "Search suggestion": id, title,
 * subtitle, product url; plus the product image, the price a card shows and whether the product
 * is sold out). Entries without a documentId or title are skipped; the id is the documentId,
 * unique per product, so it keys the list (a repeated product is listed once). The server's
 * order is kept: title matches first, each group sorted by title (decision 039).
 */
export function mapSuggestions(
  refs: readonly (CmsProductRef | null | undefined)[] | null | undefined,
  prices: PriceMap = {},
): Suggestion[] {
  return usable(refs).map((ref) => {
    const item = mapCollectionItem(ref, prices);
    return {
      id: item.productId,
      title: item.title,
      subtitle: item.subtitle,
      url: item.url,
      imageUrl: item.imageUrl,
      imageAlt: item.imageAlt,
      price: item.finalPrice,
      soldOut: isSoldOut(skusOf(ref), prices),
    };
  });
}

/**
 * The results page's items: collection items (image, title, subtitle, price, link) in the
 * server's order: title matches first, each group sorted by title case-insensitively (section
 * 7, decision 039). Unusable references are skipped; a duplicate product is listed once.
 */
export function mapSearchResults(
  refs: readonly (CmsProductRef | null | undefined)[] | null | undefined,
  prices: PriceMap,
): CollectionItem[] {
  return usable(refs).map((ref) => mapCollectionItem(ref, prices));
}
