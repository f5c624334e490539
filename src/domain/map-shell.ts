import type { CmsPage } from '../api/cms-pages';
import { isExternalUrl, safeUrl } from './safe-url';

/**
 * Shell content in the views' form (catalogue-and-content.md section 3, "Navigation", "Footer").
 * Pure and tolerant: missing or null fields give empty lists, entries without a usable title or
 * address are skipped, and every address goes through `safeUrl`.
 */

/** An image as the views use it: a safe source and its alternative text. */
export interface NavImage {
  src: string;
  alt: string;
}

/**
 * One entry of the navigation view form (spec section 3: label, href, link, image, bgImage,
 * subtitle, children). `href` is the safe address; `link` is the in-app path the router follows,
 * null when the address leaves the shop (opened as a plain anchor in a new tab).
 */
export interface NavItem {
  label: string;
  href: string;
  link: string | null;
  /** Card image (child_navigations[].image); null for plain links. */
  image: NavImage | null;
  /** The card's hover image (child_navigations[].hover_image), swapped in on hover and focus. */
  bgImage: NavImage | null;
  subtitle: string | null;
  children: NavItem[];
}

/**
 * A main-navigation menu: its own link, `children` (the sub-categories, `categories`) and
 * `cards` (the image cards, `child_navigations`).
 */
export interface NavMenu extends NavItem {
  id: string;
  cards: NavItem[];
}

/** A plain footer link. */
export interface NavLink {
  label: string;
  href: string;
}

export interface FooterContent {
  logoUrl: string | null;
  /** nav_links split into 3 columns, in order (catalogue-and-content.md section 9). */
  linkColumns: NavLink[][];
  socialLinks: Array<NavLink & { iconUrl: string | null }>;
  bottomTexts: Array<{ text: string; href: string | null }>;
  downloadAsset: { label: string; href: string } | null;
  /** Heading and text above the newsletter sign-up form (footer page's `newsletter`). */
  newsletter: { heading: string; text: string } | null;
}

export interface ShellContent {
  navigation: NavMenu[];
  footer: FooterContent;
}

export const FOOTER_COLUMNS = 3;

/** Splits `items` into `count` consecutive groups whose sizes differ by at most one. */
export function splitIntoColumns<T>(items: readonly T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, column) => items.slice(column * size, (column + 1) * size));
}

type Loose<T> = T | null | undefined;
type CmsNavMenu = NonNullable<CmsPage['main_navigation']>[number];
type CmsLink = NonNullable<CmsNavMenu['categories']>[number];
type CmsChildNavigation = NonNullable<CmsNavMenu['child_navigations']>[number];
type CmsMedia = { url?: string | null; alternativeText?: string | null };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function mapImage(media: Loose<CmsMedia>, fallbackAlt: string): NavImage | null {
  const src = safeUrl(media?.url);
  if (!src) return null;
  return { src, alt: text(media?.alternativeText) || fallbackAlt };
}

/** A link with a title and a safe address, or null when either is missing. */
function mapItem(entry: Loose<{ title?: unknown; url?: unknown }>): NavItem | null {
  const label = text(entry?.title);
  const href = safeUrl(typeof entry?.url === 'string' ? entry.url : null);
  if (!label || !href) return null;
  return { label, href, link: isExternalUrl(href) ? null : href, image: null, bgImage: null, subtitle: null, children: [] };
}

function mapCard(entry: Loose<CmsChildNavigation>): NavItem | null {
  const item = mapItem(entry);
  if (!item) return null;
  return {
    ...item,
    image: mapImage(entry?.image, item.label),
    bgImage: mapImage(entry?.hover_image, item.label),
    subtitle: text(entry?.subtitle) || null,
  };
}

const present = <T>(value: T | null): value is T => value !== null;

/** The `app` page's main_navigation as menus (spec sections 2 and 3). */
export function mapNavigation(page: Loose<Pick<CmsPage, 'main_navigation'>>): NavMenu[] {
  const menus = Array.isArray(page?.main_navigation) ? page.main_navigation : [];
  return menus
    .map((entry: Loose<CmsNavMenu>, index): NavMenu | null => {
      const item = mapItem(entry);
      if (!item) return null;
      const categories: Loose<CmsLink>[] = Array.isArray(entry?.categories) ? entry.categories : [];
      const cards: Loose<CmsChildNavigation>[] = Array.isArray(entry?.child_navigations) ? entry.child_navigations : [];
      return {
        ...item,
        // Stable, DOM-safe id for aria-controls (content ids may be missing or repeated).
        id: `nav-${index}-${item.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        children: categories.map(mapItem).filter(present),
        cards: cards.map(mapCard).filter(present),
      };
    })
    .filter(present);
}

export function mapFooter(
  page: Loose<Pick<CmsPage, 'logo' | 'nav_links' | 'social_links' | 'bottom_texts' | 'download_asset' | 'newsletter'>>,
): FooterContent {
  const list = <T>(value: Loose<T[]>): Loose<T>[] => (Array.isArray(value) ? value : []);
  const links = list(page?.nav_links)
    .map(mapItem)
    .filter(present)
    .map(({ label, href }) => ({ label, href }));
  const heading = text(page?.newsletter?.heading);
  const downloadHref = safeUrl(page?.download_asset?.file?.url);
  return {
    logoUrl: safeUrl(page?.logo?.url),
    linkColumns: splitIntoColumns(links, FOOTER_COLUMNS),
    socialLinks: list(page?.social_links)
      .map((link) => {
        const item = mapItem(link);
        return item ? { label: item.label, href: item.href, iconUrl: safeUrl(link?.icon?.url) } : null;
      })
      .filter(present),
    bottomTexts: list(page?.bottom_texts)
      .filter((item) => text(item?.text))
      .map((item) => ({ text: text(item?.text), href: safeUrl(item?.url) })),
    downloadAsset: downloadHref
      ? { label: text(page?.download_asset?.title) || 'Download the catalog', href: downloadHref }
      : null,
    newsletter: heading ? { heading, text: text(page?.newsletter?.text) } : null,
  };
}
