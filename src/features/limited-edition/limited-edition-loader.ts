import type { PageContent } from '../content/page-content';
import type { CmsPages } from '../content/cms-pages';
import { mapLimitedEdition, type LimitedEditionContent } from './map-limited-edition';

/** /limited-edition: GET /cms/page/limitededition through the session cache (never throws; section 8). */
export function createLimitedEditionLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<LimitedEditionContent> => mapLimitedEdition(await pageContent.load('limitededition'));
}
