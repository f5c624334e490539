import type { components } from '../../api/schema';
import { productDisplayTypes, productUrl, type ProductDisplayType } from '../../app/paths';
import { safeUrl } from '../../domain/safe-url';
import type { Suggestion } from '../../../machines/search/search.types';
import { mapCollectionItem, type CollectionItem } from '../catalogue/map-collection';
import type { PriceMap } from '../catalogue/prices';

type CmsProductRef = components['schemas']['CmsProductRef'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A product reference that can be named and linked (it has a title and a documentId). */
function isUsable(ref: CmsProductRef | null | undefined): ref is CmsProductRef {
  return Boolean(ref && text(ref.documentId) && text(ref.title));
}

/** An unknown display type still opens a product page (the general layout). */
function displayTypeOf(ref: CmsProductRef): ProductDisplayType {
  return (productDisplayTypes as readonly string[]).includes(ref.display_type)
    ? (ref.display_type as ProductDisplayType)
    : 'product-short-alt';
}

/** Case-insensitive title order (section 7: "result list sorted by title, case-insensitively"). */
export function compareTitles(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Search suggestions (catalogue-and-content.md section 3, "Search suggestion": id, title,
 * subtitle, product url; plus the product image for the list). Entries without a documentId or
 * title are skipped; the id is the documentId, unique per product, so it keys the list.
 */
export function mapSuggestions(refs: readonly (CmsProductRef | null | undefined)[] | null | undefined): Suggestion[] {
  return (Array.isArray(refs) ? refs : [])
    .filter(isUsable)
    .map((ref) => ({
      id: text(ref.documentId),
      title: text(ref.title),
      subtitle: text(ref.subtitle),
      url: productUrl(displayTypeOf(ref), text(ref.documentId)),
      imageUrl: safeUrl(ref.image?.url),
      imageAlt: text(ref.image?.alternativeText) || text(ref.title),
    }))
    .sort((a, b) => compareTitles(a.title, b.title));
}

/**
 * The results page's items: collection items (image, title, subtitle, price, link) sorted by title
 * case-insensitively (section 7). Unusable references are skipped; a duplicate product is listed once.
 */
export function mapSearchResults(
  refs: readonly (CmsProductRef | null | undefined)[] | null | undefined,
  prices: PriceMap,
): CollectionItem[] {
  const seen = new Set<string>();
  return (Array.isArray(refs) ? refs : [])
    .filter(isUsable)
    .filter((ref) => {
      const id = text(ref.documentId);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map((ref) => mapCollectionItem(ref, prices))
    .sort((a, b) => compareTitles(a.title, b.title));
}
