import type { LoaderFunctionArgs } from 'react-router-dom';
import type { CmsPages } from '../../api/cms-pages';
import type { PageContent } from '../../services/page-content';
import type { AboutUsContent } from './map-about-us';
import type { ContactContent } from '../../domain/map-contact-us';
import { copySlug, mapCopy, type CopyContent } from './map-copy';
import type { FaqContent } from './map-faq';
import type { PatentsContent } from './map-patents';

/**
 * Loaders of the content pages (catalogue-and-content.md sections 2, 7 and 8): each reads its cms
 * page through the session cache (which never throws: a failed load gives the empty default
 * content) and maps it to the views' form. The larger mappers are fetched beside the page, so
 * they stay out of the first load (docs/decisions/020); the copy mapper is tiny and eager.
 */
export function createContentLoaders(pageContent: PageContent<CmsPages>) {
  return {
    aboutUs: async (): Promise<AboutUsContent> => {
      const [page, { mapAboutUs }] = await Promise.all([pageContent.load('aboutus'), import('./map-about-us')]);
      return mapAboutUs(page);
    },
    contactUs: async (): Promise<ContactContent> => {
      const [page, { mapContactUs }] = await Promise.all([pageContent.load('contactus'), import('../../domain/map-contact-us')]);
      return mapContactUs(page);
    },
    faq: async (): Promise<FaqContent> => {
      const [page, { mapFaq }] = await Promise.all([pageContent.load('faq'), import('./map-faq')]);
      return mapFaq(page);
    },
    patents: async (): Promise<PatentsContent> => {
      const [page, { mapPatents }] = await Promise.all([pageContent.load('patent'), import('./map-patents')]);
      return mapPatents(page);
    },
    /** /copy/{copyId}: privacy for 'privacy', terms for any other id. */
    copy: async ({ params }: Pick<LoaderFunctionArgs, 'params'>): Promise<CopyContent> =>
      mapCopy(await pageContent.load(copySlug(params.copyId))),
    terms: async (): Promise<CopyContent> => mapCopy(await pageContent.load('terms')),
  };
}
