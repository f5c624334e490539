import type { components } from './schema';

/**
 * Content-service pages (docs/decisions/002), typed from the contract: every slug answers the
 * same `CmsPage` shape whose kind-specific fields are optional. Mappers in `map-*.ts` turn it into
 * the views' form; views never read it.
 */
export type CmsPage = components['schemas']['CmsPage'];
export type CmsPageSlug = components['schemas']['CmsPageSlug'];
export type CmsPages = { [TSlug in CmsPageSlug]: CmsPage };

/**
 * The empty default content of a page (catalogue-and-content.md section 8: a failed page load
 * falls back to empty default content): identity fields only, so every mapper yields empty lists.
 */
export function emptyCmsPage(slug: CmsPageSlug): CmsPage {
  return { id: 0, documentId: '', slug, title: '' };
}
