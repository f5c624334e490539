import type { PageContent } from '../../services/page-content';
import type { CmsPages } from '../../api/cms-pages';
import type { MediaLibraryContent } from './map-media-library';

/**
 * /media-library: GET /cms/page/medialibrary through the session cache (never throws; section 8).
 * The mapper comes beside the content, so it stays out of the first load (issue 16).
 */
export function createMediaLibraryLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<MediaLibraryContent> => {
    const [content, { mapMediaLibrary }] = await Promise.all([pageContent.load('medialibrary'), import('./map-media-library')]);
    return mapMediaLibrary(content);
  };
}
