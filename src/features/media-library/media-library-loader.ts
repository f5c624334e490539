import type { PageContent } from '../content/page-content';
import type { CmsPages } from '../content/cms-pages';
import { mapMediaLibrary, type MediaLibraryContent } from './map-media-library';

/** /media-library: GET /cms/page/medialibrary through the session cache (never throws; section 8). */
export function createMediaLibraryLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<MediaLibraryContent> => mapMediaLibrary(await pageContent.load('medialibrary'));
}
