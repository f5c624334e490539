/**
 * What search engines and link previews read from a page (issue 16): the `<head>` tags computed
 * from a route's data. Pure TypeScript with no React or router, so the server renders the same
 * tags into the first response (headHtml) that the browser swaps in on each client-side move
 * (applyHead).
 */

export interface DocumentHead {
  /** The full document title, as the tab and a search result show it. */
  title: string;
  description: string;
  /** Path of the page's one address; made absolute with the origin. */
  canonicalPath: string;
  image?: { url: string; width?: number; height?: number; alt?: string };
  ogType: 'website' | 'product' | 'article';
  /** schema.org objects, one `application/ld+json` script each. */
  jsonLd: Record<string, unknown>[];
  noindex?: boolean;
}

export const SITE_NAME = 'Ridgeline Arms';
export const SITE_TITLE = 'Ridgeline Arms — Rifles, Pistols, Apparel & Accessories';
export const SITE_DESCRIPTION =
  'Ridgeline Arms builds rifles and pistols in Boise, Idaho, and sells them with apparel and accessories through licensed dealers across the US.';

/** Google shows about this many characters of a description. */
export const DESCRIPTION_LENGTH = 160;

/** `Page | Ridgeline Arms`; the site's own title for a page without one (home). */
export function documentTitle(pageTitle: string | null | undefined): string {
  const title = cleanText(pageTitle);
  return title ? `${title} | ${SITE_NAME}` : SITE_TITLE;
}

/** Content text as one line: tags stripped, whitespace collapsed. */
export function cleanText(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A meta description from content text: cleaned and, when longer than `max`, cut at the last
 * word that fits with an ellipsis. Empty when the text is.
 */
export function summarize(value: string | null | undefined, max = DESCRIPTION_LENGTH): string {
  const text = cleanText(value);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A single very long word is cut inside it rather than leaving almost nothing.
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** An address as crawlers need it: absolute, on `origin` when the content gave a path. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl, origin).href;
}

/** One `<head>` element, for both the HTML string and the DOM. */
interface HeadElement {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

const meta = (key: 'name' | 'property', name: string, content: string): HeadElement => ({
  tag: 'meta',
  attrs: { [key]: name, content },
});

/**
 * JSON for a script element: `<` (so no `</script>` or `<!--` inside content can end or bend the
 * element) and the line separators JavaScript once treated as line ends are written as escapes.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function headElements(head: DocumentHead, origin: string): HeadElement[] {
  const url = absoluteUrl(head.canonicalPath, origin);
  const image = head.image ? { ...head.image, url: absoluteUrl(head.image.url, origin) } : null;
  const elements: HeadElement[] = [
    { tag: 'title', attrs: {}, text: head.title },
    meta('name', 'description', head.description),
  ];
  // A page kept out of the index names no canonical address: the two would say opposite things.
  if (head.noindex) elements.push(meta('name', 'robots', 'noindex'));
  else elements.push({ tag: 'link', attrs: { rel: 'canonical', href: url } });
  elements.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
  );
  if (image) {
    elements.push(meta('property', 'og:image', image.url));
    if (image.width && image.height) {
      elements.push(meta('property', 'og:image:width', String(image.width)), meta('property', 'og:image:height', String(image.height)));
    }
    if (image.alt) elements.push(meta('property', 'og:image:alt', image.alt));
  }
  elements.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (image) {
    elements.push(meta('name', 'twitter:image', image.url));
    if (image.alt) elements.push(meta('name', 'twitter:image:alt', image.alt));
  }
  for (const data of head.jsonLd) elements.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: jsonForScript(data) });
  // Marks what applyHead replaces on the next page.
  return elements.map((element) => ({ ...element, attrs: { 'data-head': '', ...element.attrs } }));
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (value: string) => escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The head tags as HTML, for the server's response. */
export function headHtml(head: DocumentHead, origin: string): string {
  return headElements(head, origin)
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries(attrs)
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`))
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${attributes}>`;
      // Script text is already safe (jsonForScript); entities there would reach the JSON parser.
      return `<${tag}${attributes}>${tag === 'script' ? text : escapeText(text ?? '')}</${tag}>`;
    })
    .join('\n');
}

/**
 * Replaces the head tags after a client-side move. The static title and description of the
 * page shell (index.html) go too, so a page never carries two. JSON-LD scripts are data, never
 * run, so the CSP's ban on inline scripts does not concern them.
 */
export function applyHead(doc: Document, head: DocumentHead, origin: string): void {
  doc.head.querySelectorAll('[data-head], title, meta[name="description"]').forEach((element) => element.remove());
  const nodes = headElements(head, origin).map(({ tag, attrs, text }) => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    return element;
  });
  doc.head.append(...nodes);
  doc.title = head.title;
}
