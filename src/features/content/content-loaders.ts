import type { LoaderFunctionArgs } from 'react-router-dom';
import type { CmsPages } from './cms-pages';
import type { PageContent } from './page-content';
import { mapAboutUs, type AboutUsContent } from './map-about-us';
import { mapContactUs, type ContactContent } from './map-contact-us';
import { copySlug, mapCopy, type CopyContent } from './map-copy';
import { mapFaq, type FaqContent } from './map-faq';
import { mapPatents, type PatentsContent } from './map-patents';

/**
 * Loaders of the content pages (catalogue-and-content.md sections 2, 7 and 8): each reads its cms
 * page through the session cache (which never throws: a failed load gives the empty default
 * content) and maps it to the views' form.
 */
export function createContentLoaders(pageContent: PageContent<CmsPages>) {
  return {
    aboutUs: async (): Promise<AboutUsContent> => mapAboutUs(await pageContent.load('aboutus')),
    contactUs: async (): Promise<ContactContent> => mapContactUs(await pageContent.load('contactus')),
    faq: async (): Promise<FaqContent> => mapFaq(await pageContent.load('faq')),
    patents: async (): Promise<PatentsContent> => mapPatents(await pageContent.load('patent')),
    /** /copy/{copyId}: privacy for 'privacy', terms for any other id. */
    copy: async ({ params }: Pick<LoaderFunctionArgs, 'params'>): Promise<CopyContent> =>
      mapCopy(await pageContent.load(copySlug(params.copyId))),
    terms: async (): Promise<CopyContent> => mapCopy(await pageContent.load('terms')),
  };
}
