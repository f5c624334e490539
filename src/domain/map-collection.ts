import type { components } from '../api/schema';
import { collectionDisplayTypes, productDisplayTypes, productUrl, type DisplayType } from '../config/paths';
import { safeUrl } from './safe-url';
import { isSoldOut, toSkuPrice, type PriceMap } from '../api/prices';

export type CmsProductRef = components['schemas']['CmsProductRef'];
export type CmsProductGroup = components['schemas']['CmsProductGroup'];
export type { PriceMap } from '../api/prices';

/** One (category, value) pair an item can be filtered on (section 3, "filterTags"). */
export interface FilterTag {
  filterCategory: string;
  filterValue: string;
}

/** A collection item in the views' form (catalogue-and-content.md section 3, "Collection item"). */
export interface CollectionItem {
  /** The content-service documentId; unique within a collection (React keys, tests). */
  productId: string;
  title: string;
  subtitle: string;
  /** The first sku: the one a card adds to the cart when the product has no variants. */
  sku: string;
  imageUrl: string | null;
  imageAlt: string;
  /** Second image shown while the card is hovered; null when the product has none. */
  hoverImageUrl: string | null;
  url: string;
  /** List price; null when the prices call has no entry for the sku (no price, no add-to-cart). */
  price: number | null;
  discountPercentage: number;
  finalPrice: number | null;
  fflItem: boolean;
  receiverItem: boolean;
  /** True when the product has only one sku (section 3). */
  noVariants: boolean;
  qtyOnHand: number;
  /** None of the product's priced skus has stock on hand: the card says 'Sold out'. */
  soldOut: boolean;
  /** The content service's creation order (its numeric id; higher is newer): the grid's 'Newest'. */
  order: number;
  tag: string | null;
  filterTags: FilterTag[];
  restrictedStates: string[];
  restrictedZips: string[];
}

/** A filter group of the filterable grid (section 3, "filters (category, multi, values)"). */
export interface CollectionFilter {
  category: string;
  /** Multi-select: several values may be checked (OR). Single-select hides the others once chosen. */
  multi: boolean;
  values: string[];
}

export interface Breadcrumb {
  title: string;
  url: string;
}

export type CollectionLayout = 'cards' | 'tabbed-grid' | 'filterable-grid' | 'simple-grid';

/** A collection (product group) in the views' form (section 3, "Collection"). */
export interface Collection {
  documentId: string;
  title: string;
  /** Background image of the hero; null when missing or unsafe. */
  imgUrl: string | null;
  /** Text alternative of the background image (the seeded banners carry the collection's title). */
  imgAlt: string;
  breadcrumbs: Breadcrumb[];
  filters: CollectionFilter[];
  collectionItems: CollectionItem[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Maps a product reference and the price map to a collection item. Prices and stock come from
 * the first sku that has a price entry (a card shows one price; products with variants link to
 * their page for the choice). Tolerates missing or null fields.
 */
export function mapCollectionItem(ref: CmsProductRef, prices: PriceMap): CollectionItem {
  const skus = (Array.isArray(ref.skus) ? ref.skus : []).filter((entry) => text(entry?.sku));
  const priced = skus.find((entry) => prices?.[entry.sku]) ?? skus[0];
  const price = toSkuPrice(priced ? prices?.[priced.sku] : undefined);
  const displayType = (productDisplayTypes as readonly string[]).includes(ref.display_type)
    ? (ref.display_type as DisplayType)
    : 'product-short-alt';
  return {
    productId: text(ref.documentId),
    title: text(ref.title),
    subtitle: text(ref.subtitle),
    sku: priced ? text(priced.sku) : '',
    imageUrl: safeUrl(ref.image?.url),
    imageAlt: text(ref.image?.alternativeText) || text(ref.title),
    hoverImageUrl: safeUrl(ref.hover_image?.url),
    url: productUrl(displayType, text(ref.documentId)),
    price: price?.price ?? null,
    discountPercentage: price?.discountPercentage ?? 0,
    finalPrice: price?.finalPrice ?? null,
    fflItem: ref.ffl_item === true,
    receiverItem: ref.receiver_item === true,
    noVariants: skus.length === 1,
    qtyOnHand: price?.qtyOnHand ?? 0,
    soldOut: isSoldOut(
      skus.map((entry) => text(entry.sku)),
      prices,
    ),
    order: typeof ref.id === 'number' && Number.isFinite(ref.id) ? ref.id : 0,
    tag: text(ref.tag) || null,
    filterTags: (Array.isArray(ref.filter_tags) ? ref.filter_tags : [])
      .map((tag) => ({ filterCategory: text(tag?.filter_category), filterValue: text(tag?.filter_value) }))
      .filter((tag) => tag.filterCategory && tag.filterValue),
    restrictedStates: (priced?.restricted_states ?? []).map((state) => text(state?.value)).filter(Boolean),
    restrictedZips: (priced?.restricted_zips ?? []).map((zip) => text(zip?.zip)).filter(Boolean),
  };
}

/**
 * The words a collection banner sets as text over its picture (decision 044): the collection's
 * title is the heading, and the line after ' — ' in the banner's alternative text ("Rifles — Built
 * in Boise, Idaho") its tagline. When the alternative text is only those words (or the title), the
 * picture has nothing else to say: its alt is empty, so a screen reader does not hear them twice.
 */
export function collectionBanner(collection: Pick<Collection, 'title' | 'imgAlt'>): { tagline: string; imgAlt: string } {
  const alt = collection.imgAlt.trim();
  const cut = alt.indexOf(' — ');
  const tagline = cut > 0 ? alt.slice(cut + 3).trim() : '';
  const wordsOnly = Boolean(tagline) || alt.toLowerCase() === collection.title.trim().toLowerCase();
  return { tagline, imgAlt: wordsOnly ? '' : alt };
}

/**
 * Maps a product group to the views' form. Product references without a documentId or title are
 * skipped (they could not be linked or named); filter groups without a category or values too.
 */
export function mapCollection(group: CmsProductGroup | null | undefined, prices: PriceMap): Collection | null {
  if (!group || !text(group.documentId)) return null;
  const products = Array.isArray(group.products) ? group.products : [];
  return {
    documentId: text(group.documentId),
    title: text(group.title),
    imgUrl: safeUrl(group.background_image?.url),
    imgAlt: text(group.background_image?.alternativeText) || text(group.title),
    breadcrumbs: (Array.isArray(group.breadcrumbs) ? group.breadcrumbs : [])
      .map((crumb) => ({ title: text(crumb?.title), url: safeUrl(crumb?.url) ?? '' }))
      .filter((crumb) => crumb.title),
    filters: (Array.isArray(group.filters) ? group.filters : [])
      .map((filter) => ({
        category: text(filter?.category),
        multi: filter?.multi !== false,
        values: [...new Set((Array.isArray(filter?.values) ? filter.values : []).map(text).filter(Boolean))],
      }))
      .filter((filter) => filter.category && filter.values.length > 0),
    collectionItems: products
      .filter((ref) => ref && text(ref.documentId) && text(ref.title))
      .map((ref) => mapCollectionItem(ref, prices)),
  };
}

/** The route's layout from its display type (section 2). */
export function layoutOf(displayType: string): CollectionLayout {
  const layouts: Record<(typeof collectionDisplayTypes)[number], CollectionLayout> = {
    'collection-cards': 'cards',
    'collection-tabbed-grid': 'tabbed-grid',
    'collection-filterable-grid': 'filterable-grid',
    'collection-simple-grid': 'simple-grid',
  };
  return layouts[displayType as (typeof collectionDisplayTypes)[number]] ?? 'simple-grid';
}
