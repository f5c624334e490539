import type { CmsPage } from '../features/content/cms-pages';

/** Shell content in the views' form (catalogue-and-content.md section 3, "Navigation", "Footer"). */
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
}

export interface ShellContent {
  navigation: NavLink[];
  footer: FooterContent;
}

export const FOOTER_COLUMNS = 3;

/** Splits `items` into `count` consecutive groups whose sizes differ by at most one. */
export function splitIntoColumns<T>(items: readonly T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, column) => items.slice(column * size, (column + 1) * size));
}

export function mapNavigation(page: Pick<CmsPage, 'main_navigation'> | null | undefined): NavLink[] {
  return (page?.main_navigation ?? [])
    .filter((item) => item?.title && item.url)
    .map((item) => ({ label: item.title, href: item.url }));
}

export function mapFooter(page: Pick<CmsPage, 'logo' | 'nav_links' | 'social_links' | 'bottom_texts' | 'download_asset'> | null | undefined): FooterContent {
  const links = (page?.nav_links ?? []).filter((link) => link?.title && link.url).map((link) => ({ label: link.title, href: link.url }));
  return {
    logoUrl: page?.logo?.url ?? null,
    linkColumns: splitIntoColumns(links, FOOTER_COLUMNS),
    socialLinks: (page?.social_links ?? [])
      .filter((link) => link?.title && link.url)
      .map((link) => ({ label: link.title, href: link.url, iconUrl: link.icon?.url ?? null })),
    bottomTexts: (page?.bottom_texts ?? []).filter((item) => item?.text).map((item) => ({ text: item.text, href: item.url ?? null })),
    downloadAsset: page?.download_asset?.file?.url
      ? { label: page.download_asset.title, href: page.download_asset.file.url }
      : null,
  };
}
