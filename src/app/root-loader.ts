import type { PageContent } from '../services/page-content';
import type { CmsPages } from '../api/cms-pages';
import { mapFooter, mapNavigation, type ShellContent } from '../domain/map-shell';

/**
 * Root route loader: navigation (`app` page) and footer (`footer` page), loaded once at the root
 * (catalogue-and-content.md section 7) through the session cache; failures give empty content.
 */
export function createRootLoader(pageContent: PageContent<CmsPages>) {
  return async (): Promise<ShellContent> => {
    const [app, footer] = await Promise.all([pageContent.load('app'), pageContent.load('footer')]);
    return { navigation: mapNavigation(app), footer: mapFooter(footer) };
  };
}
