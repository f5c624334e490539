import type { PageContent } from '../../services/page-content';
import type { CmsPages } from '../../api/cms-pages';
import type { LimitedEditionContent } from './map-limited-edition';

/**
 * /limited-edition: GET /cms/page/limitededition through the session cache (never throws; section
 * 8). The mapper comes beside the content, so it stays out of the first load (issue 16).
 */
export function createLimitedEditionLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<LimitedEditionContent> => {
    const [content, { mapLimitedEdition }] = await Promise.all([pageContent.load('limitededition'), import('./map-limited-edition')]);
    return mapLimitedEdition(content);
  };
}
