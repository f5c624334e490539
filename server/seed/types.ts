// Shapes of the content-service form (docs/decisions/002-content-service-form.md) as the seed
// writes them. Temporary: these are replaced by the types generated from openapi/shop.yaml once
// the contract describes every page; names follow decision 002 so the swap is mechanical.

import type { TaxCode } from '../../src/domain/tax-codes';

export interface CmsMedia {
  /** Absolute path served by the shop server, always under /media/ in the seed. */
  url: string;
  alternativeText: string;
  width: number;
  height: number;
}

/** A downloadable file (PDF) in the content service's media shape: no pixel size. */
export type CmsFile = Pick<CmsMedia, 'url' | 'alternativeText'>;

// ---------------------------------------------------------------------------------------------
// Rich text (decision 002): an array of blocks.

export interface RichTextText {
  type: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}

export type RichTextBlockType =
  | 'paragraph'
  | 'quote'
  | 'code'
  | 'heading'
  | 'link'
  | 'list'
  | 'list-item'
  | 'image';

export interface RichTextBlock {
  type: RichTextBlockType;
  /** heading only: 1-6 */
  level?: 1 | 2 | 3 | 4 | 5 | 6;
  /** list only */
  format?: 'ordered' | 'unordered';
  /** link only */
  url?: string;
  /** image only */
  image?: CmsMedia;
  children: RichTextNode[];
}

export type RichTextNode = RichTextBlock | RichTextText;
export type RichText = RichTextBlock[];

// ---------------------------------------------------------------------------------------------
// Shared small shapes

export interface CmsLink {
  id: number;
  title: string;
  url: string;
}

export interface CmsSocialLink {
  id: number;
  title: string;
  url: string;
  icon: CmsMedia;
}

export type CmsBreadcrumb = CmsLink;

// ---------------------------------------------------------------------------------------------
// Pages: GET /cms/page/{slug}

export interface CmsPageBase {
  id: number;
  documentId: string;
  slug: string;
  title: string;
}

export interface CmsNavCategory {
  id: number;
  title: string;
  url: string;
}

export interface CmsChildNavigation {
  id: number;
  title: string;
  subtitle: string;
  url: string;
  image: CmsMedia;
  hover_image: CmsMedia;
}

export interface CmsMainNavigation {
  id: number;
  title: string;
  url: string;
  categories: CmsNavCategory[];
  child_navigations: CmsChildNavigation[];
}

export interface CmsAppPage extends CmsPageBase {
  main_navigation: CmsMainNavigation[];
}

export interface CmsFooterPage extends CmsPageBase {
  logo: CmsMedia;
  nav_links: CmsLink[];
  social_links: CmsSocialLink[];
  bottom_texts: { id: number; text: string; url: string | null }[];
  download_asset: { title: string; file: CmsMedia };
  newsletter: { heading: string; text: string };
}

export interface CmsHomePage extends CmsPageBase {
  /** Slides with words over the image: heading, text and cta_label are optional (decision 043). */
  home_carousel_cards: { id: number; image: CmsMedia; url: string; heading?: string | null; text?: string | null; cta_label?: string | null }[];
  home_image_link_ribbon: { id: number; image: CmsMedia; url: string; title: string }[];
  /** Not in the spec (decision 043): products chosen in content, priced from GET Products. */
  home_featured_products?: { heading: string; products: CmsProductRef[] };
  /** Not in the spec (decision 043): the "why buy here" strip. */
  home_reasons?: { heading: string; items: { id: number; title: string; text: string; url: string; link_label?: string | null }[] };
}

export interface CmsAboutUsPage extends CmsPageBase {
  heading_image: CmsMedia;
  heading_video_url: string | null;
  simple_copy_section: RichText;
  looking_for_image: CmsMedia;
  looking_for_heading: string;
  looking_for_sub_heading: RichText;
  looking_for_list_content: string[];
  want_to_talk_image: CmsMedia;
  want_to_talk_heading: string;
  want_to_talk_content: string;
}

export interface CmsContactUsPage extends CmsPageBase {
  image: CmsMedia;
  address1: string;
  address2: string;
  address3: string;
  phone: string;
  email: string;
  social_links: CmsSocialLink[];
}

export interface CmsFaqPage extends CmsPageBase {
  header_image: CmsMedia;
  header_title: string;
  header_content: string;
  faq_items: { id: number; question: string; answer: string }[];
}

export interface CmsLimitedEditionFeature {
  id: number;
  title: string;
  image_1: CmsMedia;
  image_2: CmsMedia | null;
  content: RichText;
  /** Product page of the edition (not in the spec's field list; harmless extra for a link). */
  url: string | null;
}

export interface CmsLimitedEditionPage extends CmsPageBase {
  top_ribbon_title: string;
  stay_informed_content: string;
  current_feature: CmsLimitedEditionFeature;
  past_features: CmsLimitedEditionFeature[];
}

export interface CmsMediaLibraryPage extends CmsPageBase {
  catalog: CmsFile;
  download_categories: { id: number; title: string; downloads: { id: number; title: string; file: CmsFile }[] }[];
  form_image: CmsMedia;
}

export interface CmsPatentPage extends CmsPageBase {
  patents: {
    id: number;
    patent_type: string;
    product_name: string;
    patent_numbers: string;
    colors_and_models: string;
  }[];
}

export interface CmsSupportPage extends CmsPageBase {
  background_image: CmsMedia;
  header: string;
  sub_header: string;
  nav_cards: { id: number; link: string; image: CmsMedia; title: string; subtitle: string }[];
}

export interface CmsWarrantyPage extends CmsPageBase {
  copy_sections: { id: number; header: string; content: RichText }[];
}

export interface CmsDealerLocatorPage extends CmsPageBase {
  image: CmsMedia;
  dealer_signup: string;
}

export interface CmsDealerRegistrationPage extends CmsPageBase {
  greeting: string;
  sub_text: string;
}

export interface CmsCopyPage extends CmsPageBase {
  content: RichText;
}

/**
 * Resources page (fields not shown by the spec; defined by the contract's CmsPage): a banner,
 * header, sub header and resource links, each an internal route or a /media download (file).
 */
export interface CmsResourcesPage extends CmsPageBase {
  background_image: CmsMedia;
  header: string;
  sub_header: string;
  resource_links: { id: number; title: string; description: string | null; url: string; file: CmsFile | null }[];
}

/**
 * Reviews page (fields not shown by the spec; our choice): a header and the products whose review
 * widgets are shown, by reviews-provider product id (= product documentId).
 */
export interface CmsReviewsPage extends CmsPageBase {
  header_image: CmsMedia;
  header: string;
  intro: string;
  featured_products: CmsProductRef[];
}

/**
 * The 3D builder's definition (issue 9, decision 018): the platform every build starts from and
 * its slots, in order; each option names a catalogue sku (price and stock from GET /Products).
 * `model` is for the 3D engine only; the server never reads it.
 */
export interface CmsBuilderOption {
  id: string;
  label: string;
  sku: string;
  model: Record<string, string | number>;
}

export interface CmsBuilderSlot {
  key: string;
  title: string;
  required: boolean;
  options: CmsBuilderOption[];
}

export interface CmsBuilderPage extends CmsPageBase {
  sub_text: string;
  platform: { sku: string; product_name: string; product_url: string; ffl_item: boolean; image: CmsMedia };
  slots: CmsBuilderSlot[];
}

export type CmsPageData =
  | CmsAppPage
  | CmsFooterPage
  | CmsHomePage
  | CmsAboutUsPage
  | CmsContactUsPage
  | CmsFaqPage
  | CmsLimitedEditionPage
  | CmsMediaLibraryPage
  | CmsPatentPage
  | CmsSupportPage
  | CmsWarrantyPage
  | CmsDealerLocatorPage
  | CmsDealerRegistrationPage
  | CmsCopyPage
  | CmsResourcesPage
  | CmsReviewsPage
  | CmsBuilderPage;

/** Every seeded page by slug (a type alias, so it is also a Record<string, CmsPageData>). */
export type CmsPages = {
  app: CmsAppPage;
  footer: CmsFooterPage;
  home: CmsHomePage;
  aboutus: CmsAboutUsPage;
  contactus: CmsContactUsPage;
  dealerlocator: CmsDealerLocatorPage;
  dealerregistration: CmsDealerRegistrationPage;
  faq: CmsFaqPage;
  limitededition: CmsLimitedEditionPage;
  medialibrary: CmsMediaLibraryPage;
  warranty: CmsWarrantyPage;
  resources: CmsResourcesPage;
  reviews: CmsReviewsPage;
  support: CmsSupportPage;
  patent: CmsPatentPage;
  terms: CmsCopyPage;
  privacy: CmsCopyPage;
  builder: CmsBuilderPage;
};

// ---------------------------------------------------------------------------------------------
// Products: GET /cms/products/{documentId}

export type ProductDisplayType = 'product-short' | 'product-short-alt' | 'product-long';
export type CollectionDisplayType =
  | 'collection-cards'
  | 'collection-filterable-grid'
  | 'collection-simple-grid'
  | 'collection-tabbed-grid';

export interface CmsVariantOption {
  id: number;
  title: string;
  value: string;
}

export interface CmsProductVariantType {
  id: number;
  documentId: string;
  title: string;
  display_title: string;
  product_variant_options: CmsVariantOption[];
}

export interface CmsSkuVariantOption extends CmsVariantOption {
  product_variant_type: { documentId: string; display_title: string };
}

export interface CmsSku {
  sku: string;
  description: string;
  image: CmsMedia;
  image_library: CmsMedia[];
  product_variant_options: CmsSkuVariantOption[];
  restricted_states: { value: string }[];
  restricted_zips: { zip: string }[];
}

export interface CmsAddOnOption {
  id: number;
  title: string;
  add_on_price: number;
  image: CmsMedia;
  sku: string;
}

export interface CmsAddOn {
  id: number;
  title: string;
  field_name: string;
  options: CmsAddOnOption[];
}

export interface CmsProductCompatibility {
  id: number;
  key: string;
  field_name: string;
  options: CmsVariantOption[];
}

export interface CmsColorSwatch {
  id: number;
  title: string;
  /** hex colour, e.g. #2b2f33 */
  value: string;
  field_name: string;
}

export interface CmsPromoVideos {
  title: string;
  accent_title: string;
  promo_video_cards: { id: number; image: CmsMedia; video_url: string | null }[];
}

export interface CmsProductAbout {
  title: string;
  subtitle: string;
  summary: RichText;
  tech_specs: RichText;
  image: CmsMedia;
  read_more: { title: string; url: string } | null;
  details: { id: number; title: string; items: string[] }[];
  disclaimer: string | null;
  patents: string | null;
}

export interface CmsSizeGuide {
  title: string;
  note: string | null;
  columns: string[];
  rows: string[][];
}

export interface CmsProduct {
  id: number;
  documentId: string;
  reviews_product_id: string;
  title: string;
  subtitle: string;
  display_type: ProductDisplayType;
  image: CmsMedia;
  ffl_item: boolean;
  receiver_item: boolean;
  breadcrumbs: CmsBreadcrumb[];
  about: CmsProductAbout;
  promo_videos: CmsPromoVideos | null;
  product_variant_types: CmsProductVariantType[];
  /** A garment's size guide (decision 046); null for everything without a Size choice. */
  size_guide: CmsSizeGuide | null;
  image_library: CmsMedia[];
  more_details: { id: number; question: string; answer: string }[];
  related_products: CmsProductRef[];
  add_ons: CmsAddOn[];
  product_compatibility: CmsProductCompatibility[];
  color_swatch: CmsColorSwatch[];
  skus: CmsSku[];
}

/** A product as listed in collections, related products and search (decision 002). */
export interface CmsProductRef {
  id: number;
  documentId: string;
  title: string;
  subtitle: string;
  display_type: ProductDisplayType;
  image: CmsMedia;
  hover_image: CmsMedia | null;
  ffl_item: boolean;
  receiver_item: boolean;
  tag: string | null;
  filter_tags: { filter_category: string; filter_value: string }[];
  skus: { sku: string; restricted_states: { value: string }[]; restricted_zips: { zip: string }[] }[];
}

// ---------------------------------------------------------------------------------------------
// Product groups: GET /cms/product-groups/{documentId}

export interface CmsProductGroupFilter {
  id: number;
  category: string;
  multi: boolean;
  values: string[];
}

export interface CmsProductGroup {
  id: number;
  documentId: string;
  title: string;
  display_type: CollectionDisplayType;
  background_image: CmsMedia;
  breadcrumbs: CmsBreadcrumb[];
  filters: CmsProductGroupFilter[];
  products: CmsProductRef[];
}

// ---------------------------------------------------------------------------------------------
// Prices and stock: GET /Products answers { [sku]: PriceEntry }

export interface PriceEntry {
  price: number;
  bestDiscountPercentage: number;
  bestDiscountedPrice: number;
  qtyOnHand: number;
}

/** One row of the shop catalogue (prices, stock and the restricted-items rule per sku). */
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

// ---------------------------------------------------------------------------------------------
// Dealers (dealer locator)

export interface SeedDealer {
  id: string;
  name: string;
  phoneNumber: string;
  address1: string;
  /** "City, ST 12345" */
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** The dealer form's email (shop-core section 3). */
  email: string;
  /** Fictional federal firearms licence in the ATF's shape, e.g. '1-23-456-78-9A-12345'. */
  licenceNumber: string;
  /** Last valid day, 'YYYY-MM-DD' (decision 029). */
  licenceExpires: string;
}
