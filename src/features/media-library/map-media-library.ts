import type { CmsPage } from '../../api/cms-pages';
import { safeUrl } from '../../domain/safe-url';
import { entries, mapImage, text, type ViewImage } from '../../domain/map-media';

/** Media library in the views' form (catalogue-and-content.md section 3, "Media library"). */
export interface MediaDownload {
  title: string;
  url: string;
  /** The name the saved file gets (section 7: downloads are fetched as files). */
  fileName: string;
}

export interface MediaCategory {
  title: string;
  downloadList: MediaDownload[];
}

export interface MediaLibraryContent {
  /** The catalog as a download, or null when the page has none. */
  catalog: MediaDownload | null;
  categoryList: MediaCategory[];
  /** formImageUrl of the spec, with its text alternative. */
  formImage: ViewImage | null;
}

/**
 * The saved file's name: the last segment of the address ('rk-15-owners-manual.pdf'); when the
 * address has none, the title made file-safe.
 */
export function fileNameFor(url: string, title: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  let name = '';
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  if (name) return name;
  const fromTitle = title.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  return fromTitle || 'download';
}

function mapDownload(title: string, url: string | null): MediaDownload | null {
  if (!title || !url) return null;
  return { title, url, fileName: fileNameFor(url, title) };
}

/** Downloads without a title or a safe file address are skipped, and so are empty categories. */
export function mapMediaLibrary(page: Partial<CmsPage> | null | undefined): MediaLibraryContent {
  const catalogUrl = safeUrl(page?.catalog?.url);
  return {
    catalog: mapDownload(text(page?.catalog?.alternativeText) || 'Product Catalog', catalogUrl),
    categoryList: entries(page?.download_categories).flatMap((category) => {
      const title = text(category.title);
      const downloadList = entries(category.downloads).flatMap((d) => {
        const download = mapDownload(text(d.title), safeUrl(d.file?.url));
        return download ? [download] : [];
      });
      return title && downloadList.length ? [{ title, downloadList }] : [];
    }),
    formImage: mapImage(page?.form_image),
  };
}
