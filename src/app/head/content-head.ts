import type { BuilderContent } from '../../features/builder/map-builder';
import type { AboutUsContent } from '../../features/content/map-about-us';
import type { ContactContent } from '../../domain/map-contact-us';
import { copySlug, type CopyContent } from '../../features/content/map-copy';
import type { FaqContent } from '../../features/content/map-faq';
import type { PatentsContent } from '../../features/content/map-patents';
import type { DealerLocatorContent } from '../../features/dealers/dealer-locator-mappers';
import type { DealerRegistrationContent } from '../../features/dealers/dealer-registration-mappers';
import type { LimitedEditionContent } from '../../features/limited-edition/map-limited-edition';
import type { MediaLibraryContent } from '../../features/media-library/map-media-library';
import type { ResourcesContent, SupportContent, WarrantyContent } from '../../features/support/map-support';
import { SITE_NAME } from '../document-head';
import { copyUrl, paths } from '../../config/paths';
import type { HeadKind } from '../../config/route-handle';
import { pageHead, proseText, SCHEMA_ORG, sentences, type HeadBuilder, type HeadContext, type PageFacts } from './page-head';

/** What a content page's data says; the title falls back to the route's, the text to `fallback`. */
type ContentFacts = Partial<Omit<PageFacts, 'fallback' | 'noindex'>>;

/** A content page's builder: reads its loader data (never trusted to be there) into facts. */
function contentPage<T>(fallback: string, read: (data: T, context: HeadContext) => ContentFacts = () => ({})): HeadBuilder {
  return (context) => {
    const facts = context.data ? read(context.data as T, context) : {};
    return pageHead(context, { ...facts, title: facts.title || context.routeTitle, fallback });
  };
}

function faqPage({ faqItemList }: FaqContent): Record<string, unknown> | null {
  const answered = faqItemList.filter((item) => item.answer);
  if (answered.length === 0) return null;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'FAQPage',
    mainEntity: answered.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** The content pages of catalogue-and-content.md section 2, by the head kind their route names. */
export const contentHeads = {
  'about-us': contentPage<AboutUsContent>(`How ${SITE_NAME} builds its rifles and pistols, and who builds them.`, (page) => ({
    title: page.title,
    text: proseText(page.simpleCopySection),
    image: { url: page.headingImageUrl, alt: page.headingImageAlt },
  })),
  'contact-us': contentPage<ContactContent>(`Reach the ${SITE_NAME} team by phone, email or post.`, (page) => ({
    title: page.title,
    text: sentences(
      [page.address1, page.address2, page.address3].filter(Boolean).join(', '),
      page.phone && `Phone ${page.phone}`,
      page.email && `Email ${page.email}`,
    ),
    image: { url: page.imgUrl, alt: page.imgAlt },
  })),
  // Terms of service and /copy/{copyId} share the screen; every id but 'privacy' shows the terms,
  // so those addresses name the terms page as the one to index.
  copy: contentPage<CopyContent>(`${SITE_NAME} terms of service and privacy policy.`, (page, context) => ({
    title: page.title,
    text: proseText(page.content),
    ogType: 'article',
    canonicalPath: copySlug(context.url.pathname.split('/')[2]) === 'privacy' ? copyUrl('privacy') : paths.termsOfService,
  })),
  faq: contentPage<FaqContent>(`Answers to common questions about buying from ${SITE_NAME}.`, (page) => ({
    title: page.headerTitle || page.title,
    text: page.headerContent || sentences(...page.faqItemList.slice(0, 2).flatMap((item) => [item.question, item.answer])),
    image: { url: page.headerImageUrl, alt: page.headerImageAlt },
    jsonLd: [faqPage(page)],
  })),
  patents: contentPage<PatentsContent>(`Patents covering ${SITE_NAME} products.`, (page) => ({
    title: page.title,
    text: page.patentList.length
      ? `Patents covering ${SITE_NAME} products: ${[...new Set(page.patentList.map((patent) => patent.productName).filter(Boolean))].join(', ')}.`
      : '',
  })),
  support: contentPage<SupportContent>(`Help with your ${SITE_NAME} firearm: dealers, warranty, manuals and registration.`, (page) => ({
    title: page.header,
    text: sentences(page.subHeader, page.navCards.map((card) => card.title).join(', ')),
    image: page.backgroundImage,
  })),
  warranty: contentPage<WarrantyContent>(`What the ${SITE_NAME} warranty covers and how to claim it.`, (page) => ({
    title: page.title,
    text: page.copySections.map((section) => proseText(section.content)).join(' '),
    ogType: 'article',
  })),
  resources: contentPage<ResourcesContent>(`Guides and documents for ${SITE_NAME} owners.`, (page) => ({
    title: page.header,
    text: sentences(page.subHeader, page.resourceLinks.map((link) => link.title).join(', ')),
    image: page.backgroundImage,
  })),
  reviews: contentPage(`The newest reviews from ${SITE_NAME} owners, across every product we make.`),
  'media-library': contentPage<MediaLibraryContent>(
    `Owner's manuals, catalogs and guides from ${SITE_NAME}, ready to download as PDF files.`,
    (page) => ({ image: page.formImage }),
  ),
  'limited-edition': contentPage<LimitedEditionContent>(`Numbered, limited runs of ${SITE_NAME} firearms.`, (page) => ({
    title: page.topRibbonTitle,
    text: page.currentFeature
      ? sentences(page.currentFeature.title, proseText(page.currentFeature.content))
      : page.stayInformedContent,
    image: page.currentFeature?.image1,
  })),
  'dealer-locator': contentPage<DealerLocatorContent>(`Find a licensed ${SITE_NAME} dealer near you by zip code.`, (page) => ({
    title: page.title,
    text: page.dealerSignup,
    image: { url: page.imgUrl, alt: page.imgAlt },
  })),
  'dealer-registration': contentPage<DealerRegistrationContent>(`Apply to become a ${SITE_NAME} dealer.`, (page) => ({
    title: page.title,
    text: sentences(page.greeting, page.subText),
  })),
  'product-registration': contentPage(
    `Register your ${SITE_NAME} firearm for warranty service and safety notices about your model and serial number.`,
  ),
  builder: contentPage<BuilderContent>('Build your rifle part by part in 3D and add the build to your cart.', (page) => ({
    title: page.title,
    text: page.subText,
    image: page.definition?.platform.imageUrl ? { url: page.definition.platform.imageUrl, alt: page.definition.platform.productName } : null,
  })),
} satisfies Partial<Record<HeadKind, HeadBuilder>>;
