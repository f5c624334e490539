// Builds the ProductRef form (decision 002) from a full product, so collections, related products
// and search never repeat product data by hand.
import type { CmsMedia, CmsProduct, CmsProductRef } from './content-shapes';

export interface RefExtras {
  tag?: string | null;
  filter_tags?: [category: string, value: string][];
  hover_image?: CmsMedia | null;
}

export function toRef(product: CmsProduct, extras: RefExtras = {}): CmsProductRef {
  // The second gallery image (an angled view) makes a natural hover image for cards.
  const hover = extras.hover_image !== undefined ? extras.hover_image : (product.image_library[1] ?? null);
  return {
    id: product.id,
    documentId: product.documentId,
    title: product.title,
    subtitle: product.subtitle,
    display_type: product.display_type,
    image: product.image,
    hover_image: hover,
    ffl_item: product.ffl_item,
    receiver_item: product.receiver_item,
    tag: extras.tag ?? null,
    filter_tags: (extras.filter_tags ?? []).map(([filter_category, filter_value]) => ({
      filter_category,
      filter_value,
    })),
    skus: product.skus.map((sku) => ({
      sku: sku.sku,
      restricted_states: sku.restricted_states,
      restricted_zips: sku.restricted_zips,
    })),
  };
}

export const productUrl = (product: Pick<CmsProduct, 'display_type' | 'documentId'>): string =>
  `/product/${product.display_type}/${product.documentId}`;
