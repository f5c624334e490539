import { sortByTitle } from '../../domain/collection-filters';
import type { CollectionPageData } from '../../features/catalogue/collection-loader';
import type { CollectionItem } from '../../domain/map-collection';
import type { ProductPage, ProductSku } from '../../features/product/map-product';
import type { ProductLoaderData } from '../../features/product/product-loader';
import { galleryImages, initialChoices, shownSku } from '../../features/product/product-state';
import type { SearchResultsData } from '../../features/search/search-loader';
import { absoluteUrl, cleanText, SITE_NAME } from '../document-head';
import { breadcrumbList, pageHead, proseText, SCHEMA_ORG, type HeadBuilder, type HeadContext } from './page-head';

/** Which of a product's words describe it: the about summary, else the subtitle. */
function productText(product: ProductPage): string {
  return proseText(product.about?.summary) || product.subtitle;
}

/**
 * A schema.org Product for what the page shows first: the sku the page starts on (the first
 * valid option of every select; the page takes no sku from the URL), its gallery and its price.
 * A sku without a price cannot be bought, so it offers nothing.
 */
function productJsonLd(product: ProductPage, sku: ProductSku | null, images: string[], url: string): Record<string, unknown> {
  const description = productText(product);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Product',
    name: product.title,
    ...(description ? { description } : {}),
    ...(images.length ? { image: images } : {}),
    ...(sku ? { sku: sku.sku } : {}),
    brand: { '@type': 'Brand', name: SITE_NAME },
    url,
    ...(sku && sku.finalPrice !== null
      ? {
          offers: {
            '@type': 'Offer',
            url,
            // The price the shopper pays (section 3: the discounted price, else the price).
            price: sku.finalPrice.toFixed(2),
            priceCurrency: 'USD',
            availability: sku.quantity > 0 ? `${SCHEMA_ORG}/InStock` : `${SCHEMA_ORG}/OutOfStock`,
          },
        }
      : {}),
  };
}

/** Product pages in their three layouts (catalogue-and-content.md section 2). */
export const productHead: HeadBuilder = (context) => {
  const loaded = context.data as ProductLoaderData | undefined;
  const product = loaded?.product ?? null;
  // Section 8: a product that could not be loaded shows 'Product not found' (or, when the
  // catalogue did not answer, 'not available right now'); nothing to index.
  if (!product) return pageHead(context, { title: loaded?.unavailable ? 'Product not available right now' : 'Product not found', noindex: true });
  const { origin, pathname } = context.url;
  const url = absoluteUrl(pathname, origin);
  const sku = shownSku(product, initialChoices(product));
  const gallery = galleryImages(product, sku);
  return pageHead(context, {
    title: product.title,
    text: productText(product),
    fallback: `${product.title} from ${SITE_NAME}.`,
    image: gallery[0],
    ogType: 'product',
    jsonLd: [
      productJsonLd(
        product,
        sku,
        gallery.map((image) => absoluteUrl(image.url, origin)),
        url,
      ),
      breadcrumbList(product.breadcrumbs, url, origin),
    ],
  });
};

/** The items in the order the layout shows them first (the filterable grid sorts A to Z). */
function shownItems({ layout, collection }: CollectionPageData): CollectionItem[] {
  const items = collection?.collectionItems ?? [];
  return layout === 'filterable-grid' ? sortByTitle(items, 'asc') : items;
}

function itemList(items: readonly CollectionItem[], origin: string): Record<string, unknown> | null {
  if (items.length === 0) return null;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ItemList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.title,
      url: absoluteUrl(item.url, origin),
    })),
  };
}

/** Collection pages in their four layouts (catalogue-and-content.md section 2). */
export const collectionHead: HeadBuilder = (context: HeadContext) => {
  const data = context.data as CollectionPageData | undefined;
  const collection = data?.collection ?? null;
  if (!data || !collection) return pageHead(context, { title: 'Collection not found', noindex: true });
  const { origin, pathname } = context.url;
  const url = absoluteUrl(pathname, origin);
  const title = collection.title || context.routeTitle;
  const items = shownItems(data);
  const first = items.find((item) => item.imageUrl);
  return pageHead(context, {
    title,
    text: items.length ? `Shop ${title} at ${SITE_NAME}: ${items.map((item) => item.title).join(', ')}.` : '',
    fallback: `${title} at ${SITE_NAME}.`,
    // A product makes a better preview than the banner, whose artwork is a wide strip of text.
    image: first ? { url: first.imageUrl, alt: first.imageAlt } : { url: collection.imgUrl, alt: collection.imgAlt },
    jsonLd: [breadcrumbList(collection.breadcrumbs, url, origin), itemList(items, origin)],
  });
};

/** Search results: useful to the shopper, a thin copy of the catalogue to a search engine. */
export const searchHead: HeadBuilder = (context) => {
  const data = context.data as SearchResultsData | undefined;
  const query = cleanText(data?.query);
  const count = data?.items.length ?? 0;
  return pageHead(context, {
    title: query ? `Results for "${query}"` : context.routeTitle,
    text: query ? `${count === 1 ? '1 product matches' : `${count} products match`} "${query}" at ${SITE_NAME}.` : '',
    noindex: true,
  });
};
