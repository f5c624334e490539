import type { CmsPage } from '../content/cms-pages';

/** Home content in the views' form (catalogue-and-content.md section 3, "Home"). */
export interface HomeCarouselCard {
  imgUrl: string;
  url: string;
  /** Text alternative of the image: the card is an image-only link, so this is its name. */
  alt: string;
  /** The image's size from content, so the page reserves its space before it loads. */
  width?: number;
  height?: number;
}

export interface HomeImageLink {
  imgUrl: string;
  url: string;
  title: string;
}

export interface HomeContent {
  homeCarouselCardList: HomeCarouselCard[];
  homeImageLinkRibbonList: HomeImageLink[];
}

/**
 * Maps the content service's home page to the views' form. Tolerates missing lists and entries
 * without an image or url (skipped: an image link needs both), so partial content never breaks
 * the page.
 */
export function mapHome(page: Pick<CmsPage, 'home_carousel_cards' | 'home_image_link_ribbon'> | null | undefined): HomeContent {
  const cards = page?.home_carousel_cards ?? [];
  const ribbon = page?.home_image_link_ribbon ?? [];
  return {
    homeCarouselCardList: cards
      .filter((card) => card?.image?.url && card.url)
      .map((card) => ({
        imgUrl: card.image.url,
        url: card.url,
        alt: card.image.alternativeText ?? '',
        ...(card.image.width && card.image.height ? { width: card.image.width, height: card.image.height } : {}),
      })),
    homeImageLinkRibbonList: ribbon
      .filter((item) => item?.image?.url && item.url)
      .map((item) => ({ imgUrl: item.image.url, url: item.url, title: item.title ?? '' })),
  };
}
