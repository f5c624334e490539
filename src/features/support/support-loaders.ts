import type { PageContent } from '../../services/page-content';
import type { CmsPages } from '../../api/cms-pages';
import type { ResourcesContent, SupportContent, WarrantyContent } from './map-support';

/*
 * Route loaders of the support pages: the cms page through the session cache (which never throws
 * and falls back to empty content, catalogue-and-content.md section 8), mapped to the views' form.
 * The mappers come beside the content, so they stay out of the first load (issue 16).
 */

const mappers = () => import('./map-support');

export function createSupportLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<SupportContent> => {
    const [content, { mapSupport }] = await Promise.all([pageContent.load('support'), mappers()]);
    return mapSupport(content);
  };
}

export function createWarrantyLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<WarrantyContent> => {
    const [content, { mapWarranty }] = await Promise.all([pageContent.load('warranty'), mappers()]);
    return mapWarranty(content);
  };
}

export function createResourcesLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<ResourcesContent> => {
    const [content, { mapResources }] = await Promise.all([pageContent.load('resources'), mappers()]);
    return mapResources(content);
  };
}
