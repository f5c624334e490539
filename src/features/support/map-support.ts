import type { CmsPage } from '../../api/cms-pages';
import type { RichTextContent } from '../../components/rich-text';
import { safeUrl } from '../../domain/safe-url';
import { entries, mapImage, text, type ViewImage } from '../../domain/map-media';

/** Support hub in the views' form (catalogue-and-content.md section 3, "Support"). */
export interface SupportNavCard {
  link: string;
  image: ViewImage | null;
  title: string;
  subtitle: string;
}

export interface SupportContent {
  backgroundImage: ViewImage | null;
  header: string;
  subHeader: string;
  navCards: SupportNavCard[];
}

/** Warranty in the views' form (section 3, "Warranty"). */
export interface WarrantySection {
  header: string;
  content: RichTextContent;
}

export interface WarrantyContent {
  title: string;
  copySections: WarrantySection[];
}

/** Resources page (section 3: fields not shown; defined by the contract's CmsPage). */
export interface ResourceLink {
  title: string;
  description: string;
  /** The attached file when there is one, else the link's own address. */
  url: string;
  isFile: boolean;
}

export interface ResourcesContent {
  backgroundImage: ViewImage | null;
  header: string;
  subHeader: string;
  resourceLinks: ResourceLink[];
}

type Page = Partial<CmsPage> | null | undefined;

/** Nav cards without a safe link or a title are skipped: a card is a link with a name. */
export function mapSupport(page: Page): SupportContent {
  return {
    backgroundImage: mapImage(page?.background_image),
    header: text(page?.header),
    subHeader: text(page?.sub_header),
    navCards: entries(page?.nav_cards).flatMap((card) => {
      const link = safeUrl(card.link);
      const title = text(card.title);
      return link && title ? [{ link, title, subtitle: text(card.subtitle), image: mapImage(card.image) }] : [];
    }),
  };
}

/** Sections without a header are skipped (the header names the section); content may be empty. */
export function mapWarranty(page: Page): WarrantyContent {
  return {
    title: text(page?.title),
    copySections: entries(page?.copy_sections).flatMap((section) => {
      const header = text(section.header);
      return header ? [{ header, content: Array.isArray(section.content) ? section.content : [] }] : [];
    }),
  };
}

/** Links without a title or a safe address (file or url) are skipped. */
export function mapResources(page: Page): ResourcesContent {
  return {
    backgroundImage: mapImage(page?.background_image),
    header: text(page?.header),
    subHeader: text(page?.sub_header),
    resourceLinks: entries(page?.resource_links).flatMap((item) => {
      const title = text(item.title);
      const fileUrl = safeUrl(item.file?.url);
      const url = fileUrl ?? safeUrl(item.url);
      return title && url ? [{ title, description: text(item.description), url, isFile: fileUrl !== null }] : [];
    }),
  };
}
