import type { RichTextBlock } from '../../components/rich-text';
import type { CmsPage } from '../../api/cms-pages';
import { mediaAlt, mediaUrl, richText, text, texts } from '../../domain/map-common';

/** About us in the views' form (catalogue-and-content.md section 3, "About us"). */
export interface AboutUsContent {
  /** The page title from the content service ('' when the load failed). */
  title: string;
  headingImageUrl: string;
  headingImageAlt: string;
  headingVideoUrl: string;
  simpleCopySection: RichTextBlock[];
  lookingForImageUrl: string;
  lookingForImageAlt: string;
  lookingForHeading: string;
  lookingForSubHeading: RichTextBlock[];
  /** Job listings. */
  lookingForListContent: string[];
  wantToTalkImageUrl: string;
  wantToTalkImageAlt: string;
  wantToTalkHeading: string;
  wantToTalkContent: string;
}

type AboutUsSource = Pick<
  CmsPage,
  | 'title'
  | 'heading_image'
  | 'heading_video_url'
  | 'simple_copy_section'
  | 'looking_for_image'
  | 'looking_for_heading'
  | 'looking_for_sub_heading'
  | 'looking_for_list_content'
  | 'want_to_talk_image'
  | 'want_to_talk_heading'
  | 'want_to_talk_content'
>;

/** Maps the `aboutus` page; missing or null fields become empty values, blank job listings are skipped. */
export function mapAboutUs(page: Partial<AboutUsSource> | null | undefined): AboutUsContent {
  return {
    title: text(page?.title),
    headingImageUrl: mediaUrl(page?.heading_image),
    headingImageAlt: mediaAlt(page?.heading_image),
    headingVideoUrl: text(page?.heading_video_url),
    simpleCopySection: richText(page?.simple_copy_section),
    lookingForImageUrl: mediaUrl(page?.looking_for_image),
    lookingForImageAlt: mediaAlt(page?.looking_for_image),
    lookingForHeading: text(page?.looking_for_heading),
    lookingForSubHeading: richText(page?.looking_for_sub_heading),
    lookingForListContent: texts(page?.looking_for_list_content),
    wantToTalkImageUrl: mediaUrl(page?.want_to_talk_image),
    wantToTalkImageAlt: mediaAlt(page?.want_to_talk_image),
    wantToTalkHeading: text(page?.want_to_talk_heading),
    wantToTalkContent: text(page?.want_to_talk_content),
  };
}
