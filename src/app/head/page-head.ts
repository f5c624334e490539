import { plainText, type RichTextNode } from '../../components/rich-text-plain';
import { safeUrl } from '../../domain/safe-url';
import { absoluteUrl, cleanText, documentTitle, SITE_DESCRIPTION, summarize, type DocumentHead } from '../document-head';
import type { ShellContent } from '../../domain/map-shell';

/** What a head builder knows: the deciding route's data and handle, the address, the shell. */
export interface HeadContext {
  /** The deciding route's loader data; undefined when it has none (yet). */
  data: unknown;
  /** The deciding route's handle title. */
  routeTitle: string;
  url: URL;
  /** The root route's data (footer logo and social links); null when absent. */
  shell: ShellContent | null;
}

export type HeadBuilder = (context: HeadContext) => DocumentHead;

export const SCHEMA_ORG = 'https://schema.org';

type HeadImage = NonNullable<DocumentHead['image']>;

/** What a page says about itself, before it is shaped into head tags. */
export interface PageFacts {
  /** The page's own title; null for the site's own (home). */
  title: string | null;
  /** Content text the description is cut from. */
  text?: string;
  /** The description when the content has no text. */
  fallback?: string;
  /** A preview image; one without an address counts as none. */
  image?: { url: string | null | undefined; alt?: string; width?: number; height?: number } | null;
  ogType?: DocumentHead['ogType'];
  jsonLd?: (Record<string, unknown> | null)[];
  noindex?: boolean;
  canonicalPath?: string;
}

function headImage(image: PageFacts['image']): HeadImage | null {
  const url = crawlableUrl(image?.url);
  if (!image || !url) return null;
  const { alt, width, height } = image;
  return { url, ...(alt ? { alt } : {}), ...(width && height ? { width, height } : {}) };
}

/**
 * The canonical address is the path alone: no query parameter selects content a search engine
 * should keep apart (the tabbed grid's activeFilter only narrows the same collection, checkout's
 * stepId is a private page), so every variant folds into the one page.
 */
export function pageHead(context: HeadContext, facts: PageFacts): DocumentHead {
  const image = headImage(facts.image);
  return {
    title: documentTitle(facts.title),
    description: summarize(facts.text) || summarize(facts.fallback) || SITE_DESCRIPTION,
    // A path is joined to the origin: one that began `//` would name another host (decision 074).
    canonicalPath: facts.canonicalPath ?? context.url.pathname.replace(/^\/+/, '/'),
    ...(image ? { image } : {}),
    ogType: facts.ogType ?? 'website',
    jsonLd: (facts.jsonLd ?? []).filter((data): data is Record<string, unknown> => data !== null),
    ...(facts.noindex ? { noindex: true } : {}),
  };
}

/** A content address a crawler can fetch (a path or http(s)); fragments, mailto and unsafe kinds are null. */
function crawlableUrl(url: string | null | undefined): string | null {
  const safe = safeUrl(url);
  return safe && (safe.startsWith('/') || /^https?:\/\//i.test(safe)) ? safe : null;
}

/** The absolute address of a content link a crawler can follow, else null. */
export function linkUrl(url: string | null | undefined, origin: string): string | null {
  const crawlable = crawlableUrl(url);
  return crawlable ? absoluteUrl(crawlable, origin) : null;
}

/**
 * The trail the Breadcrumbs component shows (src/components/breadcrumbs.tsx): items with a title,
 * the last one the current page. A crumb whose link the page cannot follow has no `item`.
 */
export function breadcrumbList(
  crumbs: readonly { title: string; url: string }[],
  currentUrl: string,
  origin: string,
): Record<string, unknown> | null {
  const shown = crumbs.filter((crumb) => crumb.title.trim());
  if (shown.length === 0) return null;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BreadcrumbList',
    itemListElement: shown.map((crumb, index) => {
      const item = index === shown.length - 1 ? currentUrl : linkUrl(crumb.url, origin);
      return { '@type': 'ListItem', position: index + 1, name: crumb.title.trim(), ...(item ? { item } : {}) };
    }),
  };
}

/**
 * Rich text as a description reads it: the paragraphs, since headings, quotes and lists repeat
 * the title or break the sentence; everything when there is no paragraph.
 */
export function proseText(blocks: readonly RichTextNode[] | null | undefined): string {
  const all = Array.isArray(blocks) ? blocks : [];
  const paragraphs = all.filter((block) => block?.type === 'paragraph');
  return cleanText(plainText(paragraphs.length ? paragraphs : all, ' '));
}

/** Non-empty parts as sentences, each ended with a full stop unless it has its own. */
export function sentences(...parts: string[]): string {
  return parts
    .filter(Boolean)
    .map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`))
    .join(' ');
}
