// The content the seed writes, in the contract's own shapes (openapi/shop.yaml, through the types
// generated into src/api/schema.ts): GET /cms/... serves these documents as they are, so they are
// typed by what the contract promises. The contract leaves most content fields optional or
// nullable, for a content service that may leave them out; the seed fills them, and its modules
// and tests rely on that, so these shapes make the fields the seed always writes required.
import type { components } from '../../src/api/schema';

type Schemas = components['schemas'];

/** `T` with the fields `K` present (null where the contract allows it). */
type With<T, K extends keyof T> = T & Required<Pick<T, K>>;
/** `T` with the fields `K` present and not null. */
type Filled<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/** Every seeded picture says what it shows and its size (its file is drawn at that size). */
export type CmsMedia = Filled<Schemas['CmsMedia'], 'alternativeText' | 'width' | 'height'>;
/** A download (a PDF) in the content service's media shape: no pixel size. */
export type CmsFile = Filled<Schemas['CmsMedia'], 'alternativeText'>;

export type RichText = Schemas['CmsRichText'];
export type RichTextBlock = Schemas['CmsBlock'];
export type RichTextText = Schemas['CmsText'];
export type RichTextNode = RichTextBlock | RichTextText;

export type CmsSocialLink = Schemas['CmsSocialLink'];

type Page = Schemas['CmsPage'];

/** The fields of each kind of page, as CmsPage's description lists them ("always present for their kind"). */
interface PageFields {
  app: 'main_navigation';
  footer: 'logo' | 'nav_links' | 'social_links' | 'bottom_texts' | 'download_asset' | 'newsletter';
  home: 'home_carousel_cards' | 'home_image_link_ribbon';
  aboutus:
    | 'heading_image'
    | 'heading_video_url'
    | 'simple_copy_section'
    | 'looking_for_image'
    | 'looking_for_heading'
    | 'looking_for_sub_heading'
    | 'looking_for_list_content'
    | 'want_to_talk_image'
    | 'want_to_talk_heading'
    | 'want_to_talk_content';
  contactus: 'image' | 'address1' | 'address2' | 'address3' | 'phone' | 'email' | 'social_links';
  faq: 'header_image' | 'header_title' | 'header_content' | 'faq_items';
  limitededition: 'top_ribbon_title' | 'stay_informed_content' | 'current_feature' | 'past_features';
  medialibrary: 'catalog' | 'download_categories' | 'form_image';
  patent: 'patents';
  support: 'background_image' | 'header' | 'sub_header' | 'nav_cards';
  warranty: 'copy_sections';
  terms: 'content';
  privacy: 'content';
  dealerlocator: 'image' | 'dealer_signup';
  dealerregistration: 'greeting' | 'sub_text';
  resources: 'background_image' | 'header' | 'sub_header' | 'resource_links';
  builder: 'sub_text' | 'platform' | 'slots';
}

/** Every page the contract serves (GET /cms/page/{slug}), by slug, with its kind's fields. */
export type CmsPages = { [S in Page['slug']]: With<Page, PageFields[S]> };

export type CmsBuilderSlot = Schemas['CmsBuilderSlot'];

type Product = Schemas['CmsProduct'];

/** A sku of a product page, with its description, picture, gallery and options. */
export type CmsSku = Filled<Schemas['CmsSku'], 'description' | 'image' | 'image_library' | 'product_variant_options'>;

type AddOn = NonNullable<Product['add_ons']>[number];

/** An add-on whose every option names its sku and shows its picture. */
type CmsAddOn = Omit<AddOn, 'options'> & { options: Filled<AddOn['options'][number], 'image' | 'sku'>[] };

/** A product page's document with every field written (null where the product has none). */
export type CmsProduct = Required<Omit<Product, 'skus' | 'add_ons'>> & { skus: CmsSku[]; add_ons: CmsAddOn[] };

/** A product as collections, related products and search list it, every field written. */
export type CmsProductRef = Required<Schemas['CmsProductRef']>;

export type CmsProductGroup = Omit<Schemas['CmsProductGroup'], 'products'> & { products: CmsProductRef[] };
export type ProductDisplayType = Schemas['CmsProductDisplayType'];
export type CollectionDisplayType = Schemas['CmsCollectionDisplayType'];
