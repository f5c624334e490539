import type { components } from '../../api/schema';
import type { RichTextBlock } from '../../components/rich-text';
import { safeUrl } from '../../domain/safe-url';
import type { SelectOption, VariantSelect } from '../../domain/variant-selection';
import { mapCollectionItem, type CollectionItem } from '../../domain/map-collection';
import { toSkuPrice, type PriceMap } from '../../api/prices';

export type CmsProduct = components['schemas']['CmsProduct'];
type CmsMedia = components['schemas']['CmsMedia'];

/** Layouts of section 2: product-short = pistol, product-short-alt = general product, product-long = rifle. */
export type ProductLayout = 'pistol' | 'general' | 'rifle';

export interface ProductImage {
  url: string;
  alt: string;
}

export interface Breadcrumb {
  title: string;
  url: string;
}

/** A sku in the views' form (catalogue-and-content.md section 3, "Sku"). */
export interface ProductSku {
  sku: string;
  /** List price; null when the prices call has no entry for the sku (then it cannot be bought). */
  price: number | null;
  /** The discounted price, else the price. */
  finalPrice: number | null;
  discountPercentage: number;
  /** Stock on hand; 0 shows Notify Me instead of Add to Cart (section 4). */
  quantity: number;
  image: ProductImage | null;
  imageLibrary: ProductImage[];
  description: string;
  /** Option value per select id (the variant type's documentId). */
  variants: Record<string, string>;
  /** The sku's options with their labels, in select order (cart line options). */
  variantOptions: { id: string; fieldName: string; label: string; value: string }[];
  restrictedStates: string[];
  restrictedZips: string[];
}

export interface AddOn {
  id: string;
  /** The add-on group's field name, e.g. 'Optic' (the cart line option label). */
  fieldName: string;
  /** The add-on group's heading, e.g. 'Add an optic'. */
  group: string;
  label: string;
  price: number;
  image: ProductImage | null;
  sku: string | null;
}

export interface CompatibilityTab {
  key: string;
  fieldName: string;
  options: SelectOption[];
}

export interface ColorOption {
  id: string;
  label: string;
  /** A hex colour, '#rrggbb'. */
  value: string;
  fieldName: string;
}

export interface ProductAbout {
  title: string;
  subtitle: string;
  summary: RichTextBlock[];
  techSpecs: RichTextBlock[];
  image: ProductImage | null;
  readMore: { label: string; url: string } | null;
  details: { title: string; listItems: string[] }[];
  disclaimer: string;
  patents: string;
}

export interface PromoVideos {
  title: string;
  accentTitle: string;
  videos: { id: string; videoUrl: string; image: ProductImage }[];
}

/** A product page in the views' form (section 3, "Product page"). */
export interface SizeGuide {
  title: string;
  note: string;
  columns: string[];
  rows: string[][];
}

/** A size guide with a title, a head and rows as wide as it; anything else is not shown. */
function mapSizeGuide(guide: CmsProduct['size_guide']): SizeGuide | null {
  const columns = list(guide?.columns).map(text);
  const rows = list(guide?.rows).map((row) => list(row).map(text));
  if (!guide || !text(guide.title) || columns.length < 2 || rows.length === 0 || rows.some((row) => row.length !== columns.length)) return null;
  return { title: text(guide.title), note: text(guide.note), columns, rows };
}

export interface ProductPage {
  productId: string;
  layout: ProductLayout;
  /** The reviews provider's product id; null hides the review widgets. */
  reviewsProductId: string | null;
  title: string;
  subtitle: string;
  breadcrumbs: Breadcrumb[];
  image: ProductImage | null;
  fflItem: boolean;
  receiverItem: boolean;
  about: ProductAbout | null;
  promoVideos: PromoVideos | null;
  imageLibrary: ProductImage[];
  selects: VariantSelect[];
  /** A garment's size guide, shown beside its Size choice (decision 046). */
  sizeGuide: SizeGuide | null;
  moreDetails: { id: string; title: string; details: string }[];
  relatedProducts: CollectionItem[];
  addOns: AddOn[];
  compatibilityOptions: CompatibilityTab[];
  colorOptions: ColorOption[];
  skus: ProductSku[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value.filter((v) => v != null) : []);
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const layouts: Record<string, ProductLayout> = {
  'product-short': 'pistol',
  'product-short-alt': 'general',
  'product-long': 'rifle',
};

function image(media: CmsMedia | null | undefined, fallbackAlt: string): ProductImage | null {
  const url = safeUrl(media?.url);
  return url ? { url, alt: text(media?.alternativeText) || fallbackAlt } : null;
}

function images(medias: CmsMedia[] | null | undefined, fallbackAlt: string): ProductImage[] {
  return list(medias)
    .map((m) => image(m, fallbackAlt))
    .filter((m): m is ProductImage => m !== null);
}

function blocks(value: unknown): RichTextBlock[] {
  return Array.isArray(value) ? (value.filter((b) => b && typeof b === 'object') as RichTextBlock[]) : [];
}

function mapAbout(about: CmsProduct['about'], title: string): ProductAbout | null {
  if (!about) return null;
  const readMoreUrl = safeUrl(about.read_more?.url);
  return {
    title: text(about.title) || `About the ${title}`,
    subtitle: text(about.subtitle),
    summary: blocks(about.summary),
    techSpecs: blocks(about.tech_specs),
    image: image(about.image, title),
    readMore: readMoreUrl && text(about.read_more?.title) ? { label: text(about.read_more?.title), url: readMoreUrl } : null,
    details: list(about.details)
      .map((d) => ({ title: text(d.title), listItems: list(d.items).map(text).filter(Boolean) }))
      .filter((d) => d.title && d.listItems.length > 0),
    disclaimer: text(about.disclaimer),
    patents: text(about.patents),
  };
}

function mapPromoVideos(promo: CmsProduct['promo_videos'], title: string): PromoVideos | null {
  if (!promo) return null;
  const videos = list(promo.promo_video_cards)
    .map((card) => {
      const videoUrl = safeUrl(card.video_url);
      const poster = image(card.image, `${title} video`);
      return videoUrl && poster ? { id: String(card.id), videoUrl, image: poster } : null;
    })
    .filter((v): v is NonNullable<typeof v> => v !== null);
  if (videos.length === 0) return null;
  return { title: text(promo.title), accentTitle: text(promo.accent_title), videos };
}

function mapSelects(product: CmsProduct): VariantSelect[] {
  return list(product.product_variant_types)
    .map((type) => ({
      id: text(type.documentId),
      label: text(type.display_title) || text(type.title),
      options: list(type.product_variant_options)
        .map((o) => ({ id: String(o.id), label: text(o.title) || text(o.value), value: text(o.value) }))
        .filter((o) => o.value),
    }))
    .filter((select) => select.id && select.label && select.options.length > 0);
}

function mapSku(sku: CmsProduct['skus'][number], prices: PriceMap, title: string, selects: VariantSelect[]): ProductSku {
  const price = toSkuPrice(prices?.[sku.sku]);
  const options = list(sku.product_variant_options).filter((o) => text(o.product_variant_type?.documentId) && text(o.value));
  const variants = Object.fromEntries(options.map((o) => [text(o.product_variant_type.documentId), text(o.value)]));
  const skuImages = images(sku.image_library, title);
  return {
    sku: text(sku.sku),
    price: price?.price ?? null,
    finalPrice: price?.finalPrice ?? null,
    discountPercentage: price?.discountPercentage ?? 0,
    quantity: price?.qtyOnHand ?? 0,
    image: image(sku.image, title) ?? skuImages[0] ?? null,
    imageLibrary: skuImages,
    description: text(sku.description),
    variants,
    // In select order, so the cart line lists choices the way the page shows them.
    variantOptions: selects
      .map((select) => options.find((o) => text(o.product_variant_type.documentId) === select.id))
      .filter((o): o is NonNullable<typeof o> => o !== undefined)
      .map((o) => ({
        id: String(o.id),
        fieldName: text(o.product_variant_type.display_title),
        label: text(o.title) || text(o.value),
        value: text(o.value),
      })),
    restrictedStates: list(sku.restricted_states).map((s) => text(s.value)).filter(Boolean),
    restrictedZips: list(sku.restricted_zips).map((z) => text(z.zip)).filter(Boolean),
  };
}

/**
 * Maps the content service's product and the price map to the views' form (section 3). Tolerates
 * missing or null fields; entries that cannot be shown or bought (no sku, no option value, unsafe
 * image, colour that is not a hex value) are skipped. Returns null when there is no product
 * (section 8: a failed product load is an empty object, shown as not found). The layout follows
 * the route's display type when given, since the URL names the layout (section 2).
 */
export function mapProduct(
  product: CmsProduct | null | undefined,
  prices: PriceMap,
  /** The display type of the route that shows it; the product's own display_type otherwise. */
  displayType?: string,
): ProductPage | null {
  if (!product || !text(product.documentId) || !text(product.title)) return null;
  const title = text(product.title);
  const selects = mapSelects(product);
  return {
    productId: text(product.documentId),
    layout: layouts[text(displayType)] ?? layouts[text(product.display_type)] ?? 'general',
    reviewsProductId: text(product.reviews_product_id) || null,
    title,
    subtitle: text(product.subtitle),
    breadcrumbs: list(product.breadcrumbs)
      .map((crumb) => ({ title: text(crumb.title), url: safeUrl(crumb.url) ?? '' }))
      .filter((crumb) => crumb.title),
    image: image(product.image, title),
    fflItem: product.ffl_item === true,
    receiverItem: product.receiver_item === true,
    about: mapAbout(product.about, title),
    promoVideos: mapPromoVideos(product.promo_videos, title),
    imageLibrary: images(product.image_library, title),
    selects,
    sizeGuide: mapSizeGuide(product.size_guide),
    moreDetails: list(product.more_details)
      .map((d) => ({ id: String(d.id), title: text(d.question), details: text(d.answer) }))
      .filter((d) => d.title && d.details),
    relatedProducts: list(product.related_products)
      .filter((ref) => text(ref.documentId) && text(ref.title))
      .map((ref) => mapCollectionItem(ref, prices)),
    addOns: list(product.add_ons).flatMap((group) =>
      list(group.options)
        // An add-on is its own catalogue item (decision 013): without a sku it cannot be charged.
        .filter((o) => text(o.title) && typeof o.add_on_price === 'number' && text(o.sku))
        .map((o) => ({
          id: String(o.id),
          fieldName: text(group.field_name) || text(group.title),
          group: text(group.title) || text(group.field_name),
          label: text(o.title),
          price: o.add_on_price,
          image: image(o.image, text(o.title)),
          sku: text(o.sku) || null,
        })),
    ),
    compatibilityOptions: list(product.product_compatibility)
      .map((tab) => ({
        key: text(tab.key),
        fieldName: text(tab.field_name) || 'Compatibility',
        options: list(tab.options)
          .map((o) => ({ id: String(o.id), label: text(o.title) || text(o.value), value: text(o.value) || text(o.title) }))
          .filter((o) => o.label),
      }))
      .filter((tab) => tab.key),
    colorOptions: list(product.color_swatch)
      .map((c) => ({ id: String(c.id), label: text(c.title), value: text(c.value), fieldName: text(c.field_name) || 'Color' }))
      .filter((c) => c.label && HEX.test(c.value)),
    skus: list(product.skus)
      .filter((sku) => text(sku.sku))
      .map((sku) => mapSku(sku, prices, title, selects)),
  };
}
