import type { PageContent } from '../content/page-content';
import type { CmsPages } from '../content/cms-pages';
import { mapHome, type HomeContent } from './map-home';

/** Home route loader: `GET /cms/page/home` through the session cache, mapped to the views' form. */
export function createHomeLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<HomeContent> => mapHome(await pageContent.load('home'));
}
