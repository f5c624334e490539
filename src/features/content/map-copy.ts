import type { RichTextBlock } from '../../components/rich-text';
import type { CmsPage } from '../../api/cms-pages';
import { richText, text } from '../../domain/map-common';

/** A copy text page (terms or privacy, catalogue-and-content.md sections 2 and 3) in the views' form. */
export interface CopyContent {
  title: string;
  content: RichTextBlock[];
  /** Whether the copy opens with its own level-1 heading (then the page does not add one). */
  hasOwnTitle: boolean;
}

/** Which page a copy id shows: privacy for 'privacy', terms for any other id (spec section 2). */
export function copySlug(copyId: string | undefined): 'privacy' | 'terms' {
  return copyId === 'privacy' ? 'privacy' : 'terms';
}

/** Maps the `terms` / `privacy` page (rich text in `content`). */
export function mapCopy(page: Partial<Pick<CmsPage, 'title' | 'content'>> | null | undefined): CopyContent {
  const content = richText(page?.content);
  const first = content[0];
  return {
    title: text(page?.title),
    content,
    hasOwnTitle: first?.type === 'heading' && (first.level ?? 2) === 1,
  };
}
