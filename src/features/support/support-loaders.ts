import type { PageContent } from '../content/page-content';
import type { CmsPages } from '../content/cms-pages';
import { mapResources, mapSupport, mapWarranty, type ResourcesContent, type SupportContent, type WarrantyContent } from './map-support';

/*
 * Route loaders of the support pages: the cms page through the session cache (which never throws
 * and falls back to empty content, catalogue-and-content.md section 8), mapped to the views' form.
 */

export function createSupportLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<SupportContent> => mapSupport(await pageContent.load('support'));
}

export function createWarrantyLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<WarrantyContent> => mapWarranty(await pageContent.load('warranty'));
}

export function createResourcesLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<ResourcesContent> => mapResources(await pageContent.load('resources'));
}
