import type { CmsPage } from '../../api/cms-pages';
import { text } from '../../domain/map-common';

/** The registration page's text in the views' form (catalogue-and-content.md section 3). */
export interface DealerRegistrationContent {
  title: string;
  greeting: string;
  subText: string;
}

/** Maps the `dealerregistration` cms page; missing or malformed fields read as empty. */
export function mapDealerRegistrationPage(
  page: Partial<Pick<CmsPage, 'title' | 'greeting' | 'sub_text'>> | null | undefined,
): DealerRegistrationContent {
  return {
    title: text(page?.title),
    greeting: text(page?.greeting),
    subText: text(page?.sub_text),
  };
}
