import type { CmsPage } from '../../api/cms-pages';
import { entries, mediaAlt, mediaUrl, text } from '../../domain/map-common';

export interface FaqItem {
  /** Stable key for the accordion (the content id, else the position). */
  id: string;
  question: string;
  answer: string;
}

/** FAQ in the views' form (catalogue-and-content.md section 3, "FAQ"). */
export interface FaqContent {
  title: string;
  headerImageUrl: string;
  headerImageAlt: string;
  headerTitle: string;
  headerContent: string;
  faqItemList: FaqItem[];
}

/** Maps the `faq` page; items without a question are skipped. */
export function mapFaq(page: Partial<Pick<CmsPage, 'title' | 'header_image' | 'header_title' | 'header_content' | 'faq_items'>> | null | undefined): FaqContent {
  return {
    title: text(page?.title),
    headerImageUrl: mediaUrl(page?.header_image),
    headerImageAlt: mediaAlt(page?.header_image),
    headerTitle: text(page?.header_title),
    headerContent: text(page?.header_content),
    faqItemList: entries(page?.faq_items).flatMap((item, index) => {
      const question = text(item.question);
      if (!question) return [];
      const id = typeof item.id === 'number' || typeof item.id === 'string' ? `faq-${item.id}` : `faq-at-${index}`;
      return [{ id, question, answer: text(item.answer) }];
    }),
  };
}
