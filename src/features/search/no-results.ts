import { unwrap } from '../../api/client';
import { mapNavigation } from '../../domain/map-shell';
import type { RouteServices } from '../../services/route-services';
import { mapCollection, type CollectionItem, type PriceMap } from '../../domain/map-collection';

/** A category the no-results page suggests: a main-menu entry that opens a collection. */
export interface SuggestedCategory {
  label: string;
  link: string;
}

/** What the no-results page offers instead (issue 19 item 3). */
export interface NoResultsHelp {
  categories: SuggestedCategory[];
  products: CollectionItem[];
}

/** At most this many categories, and products taken from them. */
export const HELP_CATEGORIES = 4;
export const HELP_PRODUCTS = 4;

const collectionPath = /^\/product\/collection-[a-z-]+\/([^/?#]+)$/;

/** A card worth offering first: it has a price and stock on hand. */
const buyable = (item: CollectionItem) => item.finalPrice !== null && item.qtyOnHand > 0;

/**
 * Help for a search that found nothing, from content the app already loads: the main menu's
 * categories (the `app` page's menus whose own link opens a collection, in menu order) and a few
 * products from those collections (`GET /cms/product-groups/{documentId}` with the price map),
 * taken in turn from each category, buyable ones first. Never fails: what cannot be loaded is
 * left out.
 */
export async function loadNoResultsHelp(services: RouteServices): Promise<NoResultsHelp> {
  const categories = mapNavigation(await services.pageContent.load('app'))
    .filter((menu) => menu.link && collectionPath.test(menu.link))
    .slice(0, HELP_CATEGORIES)
    .map((menu) => ({ label: menu.label, link: menu.link as string }));
  const api = services.api;
  if (!api || categories.length === 0) return { categories, products: [] };
  const [prices, ...collections] = await Promise.all([
    services.prices?.load().catch(() => ({}) as PriceMap) ?? Promise.resolve({} as PriceMap),
    ...categories.map((category) => {
      const documentId = decodeURIComponent(collectionPath.exec(category.link)?.[1] ?? '');
      return unwrap(api.GET('/cms/product-groups/{documentId}', { params: { path: { documentId } } })).then(
        (envelope) => envelope?.data ?? null,
        () => null,
      );
    }),
  ]);
  const lists = collections.map((group) => {
    const items = mapCollection(group, prices)?.collectionItems ?? [];
    return [...items.filter(buyable), ...items.filter((item) => !buyable(item))];
  });
  const products: CollectionItem[] = [];
  const seen = new Set<string>();
  for (let round = 0; products.length < HELP_PRODUCTS && lists.some((list) => list.length > round); round += 1) {
    for (const list of lists) {
      const item = list[round];
      if (!item || seen.has(item.productId) || products.length >= HELP_PRODUCTS) continue;
      seen.add(item.productId);
      products.push(item);
    }
  }
  return { categories, products };
}
