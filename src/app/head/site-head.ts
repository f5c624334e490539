import type { HomeContent } from '../../features/home/map-home';
import { absoluteUrl, SITE_NAME } from '../document-head';
import { paths } from '../../config/paths';
import { linkUrl, pageHead, SCHEMA_ORG, sentences, type HeadBuilder } from './page-head';

/**
 * "a", "a and b", "a, b, and c": Intl.ListFormat's en-US conjunction, written out so that no Intl
 * object (whose locale data costs the first one 35-80 ms) is created while a page starts (decision 051).
 */
export function listInEnglish(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/**
 * Home: the site's own title; the description names the departments of the ribbon and the
 * carousel's headlines (a slide's heading, else its image's text alternative). JSON-LD says who runs the site
 * (Organization, with the footer's logo and social profiles) and how to search it (WebSite).
 */
export const homeHead: HeadBuilder = (context) => {
  const home = context.data as HomeContent | undefined;
  const { origin } = context.url;
  const siteUrl = absoluteUrl(paths.home, origin);
  const departments = (home?.homeImageLinkRibbonList ?? []).map((item) => item.title).filter(Boolean);
  const cards = home?.homeCarouselCardList ?? [];
  const footer = context.shell?.footer;
  const sameAs = (footer?.socialLinks ?? []).map((link) => linkUrl(link.href, origin)).filter((url): url is string => url !== null);
  return pageHead(context, {
    title: null,
    text: sentences(departments.length ? `Shop ${listInEnglish(departments)} from ${SITE_NAME}` : '', ...cards.map((card) => card.heading || card.alt)),
    image: cards[0] ? { url: cards[0].imgUrl, alt: cards[0].alt } : null,
    jsonLd: [
      {
        '@context': SCHEMA_ORG,
        '@type': 'Organization',
        name: SITE_NAME,
        url: siteUrl,
        logo: absoluteUrl(footer?.logoUrl ?? '/favicon.svg', origin),
        ...(sameAs.length ? { sameAs } : {}),
      },
      {
        '@context': SCHEMA_ORG,
        '@type': 'WebSite',
        name: SITE_NAME,
        url: siteUrl,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}${paths.search.replace(':query', '{search_term_string}')}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
};

/** Checkout, confirmation, account and sign-in: titled for the tab, kept out of every index. */
export const privateHead: HeadBuilder = (context) => pageHead(context, { title: context.routeTitle || null, noindex: true });

/** The catch-all route (shop-core.md section 2: the 404 screen). */
export const notFoundHead: HeadBuilder = (context) =>
  pageHead(context, { title: 'Page not found', fallback: `There is no page at this address on the ${SITE_NAME} site.`, noindex: true });

/** A route whose handle names no kind: its title and the site's description. */
export const plainHead: HeadBuilder = (context) => pageHead(context, { title: context.routeTitle || null });
