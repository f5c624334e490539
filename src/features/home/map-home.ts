import type { CmsPage } from '../../api/cms-pages';
import { mapCollectionItem, type CollectionItem } from '../../domain/map-collection';
import type { PriceMap } from '../../api/prices';
import { safeUrl } from '../../domain/safe-url';

/** Home content in the views' form (catalogue-and-content.md section 3, "Home"; decision 043). */
export interface HomeCarouselCard {
  imgUrl: string;
  url: string;
  /** Text alternative of the image: the name of a slide that is an image-only link. */
  alt: string;
  /** The image's size from content, so the page reserves its space before it loads. */
  width?: number;
  height?: number;
  /** Headline set as text over the image; empty: the slide is the spec's plain image link. */
  heading: string;
  /** A line under the headline; may be empty. */
  text: string;
  /** The call to action's label (a link to `url`); set whenever `heading` is. */
  ctaLabel: string;
}

export interface HomeImageLink {
  imgUrl: string;
  url: string;
  title: string;
}

/** A "why buy here" reason (decision 043): a short title and text, and a link to the page saying more. */
export interface HomeReason {
  title: string;
  text: string;
  url: string;
  linkLabel: string;
}

export interface HomeContent {
  homeCarouselCardList: HomeCarouselCard[];
  homeImageLinkRibbonList: HomeImageLink[];
  /** Products chosen in content, priced like collection cards; no items: the row is not shown. */
  featured: { heading: string; items: CollectionItem[] };
  /** The "why buy here" strip; no items: the strip is not shown. */
  reasons: { heading: string; items: HomeReason[] };
}

type HomePage = Pick<CmsPage, 'home_carousel_cards' | 'home_image_link_ribbon' | 'home_featured_products' | 'home_reasons'>;

/** Default words for content that leaves them out (decision 043). */
export const HOME_DEFAULTS = { ctaLabel: 'Shop now', featuredHeading: 'Our picks', reasonsHeading: 'Why buy from us' } as const;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

/**
 * Maps the content service's home page and the price map to the views' form. Tolerates missing
 * lists and fields, so partial content never breaks the page: entries without an image or url are
 * skipped (an image link needs both), as are featured products without a documentId or title and
 * reasons without a title or a safe url; missing words get HOME_DEFAULTS.
 */
export function mapHome(page: HomePage | null | undefined, prices: PriceMap = {}): HomeContent {
  const featured = page?.home_featured_products;
  const reasons = page?.home_reasons;
  return {
    homeCarouselCardList: list(page?.home_carousel_cards)
      .filter((card) => card?.image?.url && card.url)
      .map((card) => {
        const heading = text(card.heading);
        return {
          imgUrl: card.image.url,
          url: card.url,
          alt: card.image.alternativeText ?? '',
          ...(card.image.width && card.image.height ? { width: card.image.width, height: card.image.height } : {}),
          heading,
          text: heading ? text(card.text) : '',
          ctaLabel: heading ? text(card.cta_label) || HOME_DEFAULTS.ctaLabel : '',
        };
      }),
    homeImageLinkRibbonList: list(page?.home_image_link_ribbon)
      .filter((item) => item?.image?.url && item.url)
      .map((item) => ({ imgUrl: item.image.url, url: item.url, title: item.title ?? '' })),
    featured: {
      heading: text(featured?.heading) || HOME_DEFAULTS.featuredHeading,
      items: list(featured?.products)
        .filter((ref) => ref && text(ref.documentId) && text(ref.title))
        .map((ref) => mapCollectionItem(ref, prices ?? {})),
    },
    reasons: {
      heading: text(reasons?.heading) || HOME_DEFAULTS.reasonsHeading,
      items: list(reasons?.items).flatMap((item) => {
        const title = text(item?.title);
        const url = safeUrl(item?.url);
        return title && url ? [{ title, text: text(item.text), url, linkLabel: text(item.link_label) || title }] : [];
      }),
    },
  };
}
