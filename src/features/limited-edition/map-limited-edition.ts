import type { CmsPage } from '../../api/cms-pages';
import type { RichTextContent } from '../../components/rich-text';
import { entries, mapImage, text, type ViewImage } from '../../domain/map-media';

/** Limited edition in the views' form (catalogue-and-content.md section 3, "Limited edition"). */
export interface LimitedEditionFeature {
  title: string;
  /** imgUrl1 / imgUrl2 of the spec, with their text alternatives. */
  image1: ViewImage | null;
  image2: ViewImage | null;
  content: RichTextContent;
}

export interface LimitedEditionContent {
  topRibbonTitle: string;
  stayInformedContent: string;
  currentFeature: LimitedEditionFeature | null;
  pastFeatures: LimitedEditionFeature[];
}

type CmsFeature = NonNullable<CmsPage['current_feature']>;

/** A feature needs a title to be shown; images and content are optional. */
function mapFeature(feature: Partial<CmsFeature> | null | undefined): LimitedEditionFeature | null {
  const title = text(feature?.title);
  if (!feature || !title) return null;
  return {
    title,
    image1: mapImage(feature.image_1),
    image2: mapImage(feature.image_2),
    content: Array.isArray(feature.content) ? feature.content : [],
  };
}

export function mapLimitedEdition(page: Partial<CmsPage> | null | undefined): LimitedEditionContent {
  return {
    topRibbonTitle: text(page?.top_ribbon_title),
    stayInformedContent: text(page?.stay_informed_content),
    currentFeature: mapFeature(page?.current_feature),
    pastFeatures: entries(page?.past_features).flatMap((f) => {
      const feature = mapFeature(f);
      return feature ? [feature] : [];
    }),
  };
}
