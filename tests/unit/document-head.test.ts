// Head tags per route (issue 16): title, description, canonical address, Open Graph and Twitter
// cards and schema.org JSON-LD, computed from the seeded content through the real mappers, and
// the HTML and DOM they become.
import { afterEach, describe, expect, it } from 'vitest';
import { pages } from '../../server/seed/pages';
import { productGroupById } from '../../server/seed/product-groups';
import { productUrl as seedProductUrl } from '../../server/seed/product-ref';
import { productById } from '../../server/seed/products';
import {
  applyHead,
  DESCRIPTION_LENGTH,
  headHtml,
  SITE_DESCRIPTION,
  SITE_TITLE,
  summarize,
  type DocumentHead,
} from '../../src/app/document-head';
import { mapFooter, mapNavigation, type ShellContent } from '../../src/domain/map-shell';
import { headForRoute, type HeadMatch } from '../../src/app/route-head';
import { listInEnglish } from '../../src/app/head/site-head';
import type { HeadKind } from '../../src/config/route-handle';
import { mapBuilderPage } from '../../src/features/builder/map-builder';
import { layoutOf, mapCollection, type CmsProductGroup } from '../../src/domain/map-collection';
import type { CmsPage } from '../../src/api/cms-pages';
import { mapAboutUs } from '../../src/features/content/map-about-us';
import { mapContactUs } from '../../src/domain/map-contact-us';
import { mapCopy } from '../../src/features/content/map-copy';
import { mapFaq } from '../../src/features/content/map-faq';
import { mapPatents } from '../../src/features/content/map-patents';
import { mapDealerLocatorPage } from '../../src/features/dealers/dealer-locator-mappers';
import { mapDealerRegistrationPage } from '../../src/features/dealers/dealer-registration-mappers';
import { mapHome } from '../../src/features/home/map-home';
import { mapLimitedEdition } from '../../src/features/limited-edition/map-limited-edition';
import { mapMediaLibrary } from '../../src/features/media-library/map-media-library';
import { mapProduct, type CmsProduct, type ProductPage } from '../../src/features/product/map-product';
import { galleryImages, initialChoices, shownSku } from '../../src/features/product/product-state';
import { mapSearchResults } from '../../src/features/search/map-search';
import { mapResources, mapSupport, mapWarranty } from '../../src/features/support/map-support';
import { seedPrices } from './seed-prices';

const ORIGIN = 'https://shop.example';
const SCHEMA = 'https://schema.org';

const seeded = (slug: keyof typeof pages) => pages[slug] as unknown as CmsPage;
const shell: ShellContent = { navigation: mapNavigation(seeded('app')), footer: mapFooter(seeded('footer')) };

/** The matches React Router gives for `path`: the root (shell data), its pathless child, the route. */
function matchesFor(path: string, handle: { title: string; head?: HeadKind } | undefined, data: unknown): HeadMatch[] {
  return [
    { id: 'root', pathname: '/', handle: undefined, data: shell },
    { id: '0-0', pathname: '/', handle: undefined, data: undefined },
    { id: '0-0-1', pathname: path.split('?')[0], handle, data },
  ];
}

const headAt = (path: string, handle: { title: string; head?: HeadKind } | undefined, data: unknown) =>
  headForRoute(matchesFor(path, handle, data), new URL(path, ORIGIN));

function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** The JSON-LD of the rendered HTML, parsed back: what a crawler reads. */
function jsonLdOf(head: DocumentHead): Record<string, unknown>[] {
  return [...fragment(headHtml(head, ORIGIN)).querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
}

function ldOfType(head: DocumentHead, type: string): Record<string, unknown> {
  const found = jsonLdOf(head).filter((data) => data['@type'] === type);
  expect(found, `one ${type}`).toHaveLength(1);
  expect(found[0]['@context']).toBe(SCHEMA);
  return found[0];
}

const metaOf = (head: DocumentHead, key: string) =>
  fragment(headHtml(head, ORIGIN)).querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;

const canonicalOf = (head: DocumentHead) =>
  fragment(headHtml(head, ORIGIN)).querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

/** schema.org's BreadcrumbList: ListItems numbered from 1, each named, the last the page itself. */
function expectBreadcrumbs(head: DocumentHead, titles: string[], pageUrl: string) {
  const list = ldOfType(head, 'BreadcrumbList');
  const items = list.itemListElement as Record<string, unknown>[];
  expect(items.map((item) => item.name)).toEqual(titles);
  items.forEach((item, index) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(index + 1);
    expect(String(item.item)).toMatch(/^https:\/\/shop\.example\//);
  });
  expect(items.at(-1)?.item).toBe(pageUrl);
}

function expectDescription(head: DocumentHead) {
  expect(head.description.length).toBeGreaterThan(20);
  expect(head.description.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH);
  expect(head.description).not.toMatch(/\s{2}|<|^\s|\s$/);
}

describe('home', () => {
  const home = mapHome(seeded('home'));
  const head = headAt('/', { title: 'Home', head: 'home' }, home);

  it("has the site's title and a description from the home content", () => {
    expect(head.title).toBe(SITE_TITLE);
    expectDescription(head);
    expect(head.description).toMatch(/^Shop Rifles, Pistols, Apparel/);
    expect(head.canonicalPath).toBe('/');
    expect(head.noindex).toBeUndefined();
    expect(canonicalOf(head)).toBe(`${ORIGIN}/`);
    expect(metaOf(head, 'og:image')).toBe(`${ORIGIN}${home.homeCarouselCardList[0].imgUrl}`);
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
  });

  it('says who runs the site (Organization: name, url, logo from the footer, social profiles)', () => {
    const organization = ldOfType(head, 'Organization');
    expect(organization).toMatchObject({ name: 'Ridgeline Arms', url: `${ORIGIN}/`, logo: `${ORIGIN}/media/brand/logo.svg` });
    expect(organization.sameAs).toContain('https://instagram.example/ridgelinearms');
  });

  it('says how to search it (WebSite with a SearchAction on /search/{query})', () => {
    const site = ldOfType(head, 'WebSite');
    expect(site.url).toBe(`${ORIGIN}/`);
    expect(site.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: `${ORIGIN}/search/{search_term_string}`,
      'query-input': 'required name=search_term_string',
    });
  });

  it('leaves out a preview image whose address is not a page or http(s) one', () => {
    const unsafe = mapHome({ home_carousel_cards: [{ id: 1, image: { url: 'javascript:alert(1)', alternativeText: 'x' }, url: '/' }] } as never);
    expect(headAt('/', { title: 'Home', head: 'home' }, unsafe).image).toBeUndefined();
  });

  it('falls back to the favicon as logo and the site description without content', () => {
    const bare = headForRoute([{ id: '0', pathname: '/', handle: { title: 'Home', head: 'home' }, data: mapHome(null) }], new URL(ORIGIN));
    expect(ldOfType(bare, 'Organization').logo).toBe(`${ORIGIN}/favicon.svg`);
    expect(bare.description).toBe(SITE_DESCRIPTION);
    expect(bare.image).toBeUndefined();
    expect(metaOf(bare, 'twitter:card')).toBe('summary');
  });
});

describe('product pages (three layouts)', () => {
  const productAt = (documentId: string) => {
    const cms = productById(documentId);
    const path = seedProductUrl(cms);
    const product = mapProduct(structuredClone(cms) as unknown as CmsProduct, seedPrices, cms.display_type)!;
    return { path, product, head: headAt(path, { title: 'Product', head: 'product' }, { documentId, product }) };
  };

  function expectProduct(head: DocumentHead, product: ProductPage, path: string) {
    const url = `${ORIGIN}${path}`;
    const sku = shownSku(product, initialChoices(product))!;
    const gallery = galleryImages(product, sku);
    expect(head.title).toBe(`${product.title} | Ridgeline Arms`);
    expect(head.ogType).toBe('product');
    expectDescription(head);
    expect(head.canonicalPath).toBe(path);
    expect(metaOf(head, 'og:image')).toBe(`${ORIGIN}${gallery[0].url}`);
    expect(metaOf(head, 'og:image:alt')).toBe(gallery[0].alt);

    const data = ldOfType(head, 'Product');
    expect(data.name).toBe(product.title);
    expect(data.sku).toBe(sku.sku);
    expect(data.brand).toEqual({ '@type': 'Brand', name: 'Ridgeline Arms' });
    expect(data.image).toEqual(gallery.map((image) => `${ORIGIN}${image.url}`));
    expect(data.url).toBe(url);
    expect(data.offers).toEqual({
      '@type': 'Offer',
      url,
      price: sku.finalPrice!.toFixed(2),
      priceCurrency: 'USD',
      availability: sku.quantity > 0 ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
    });
    expect((data.offers as { price: string }).price).toMatch(/^\d+\.\d{2}$/);
    expectBreadcrumbs(head, product.breadcrumbs.map((crumb) => crumb.title), url);
  }

  it('rifle (product-long): the first sku of the selects, its discounted price', () => {
    const { head, product, path } = productAt('rk-15-carbine');
    expect(product.layout).toBe('rifle');
    expectProduct(head, product, path);
    expect(ldOfType(head, 'Product').offers).toMatchObject({ price: '1034.10', availability: `${SCHEMA}/InStock` });
    expect(ldOfType(head, 'Product').sku).toBe('RK15C-556-16-BLK');
    // The about summary's paragraph, not the heading words around it.
    expect(head.description).toBe(`${String(ldOfType(head, 'Product').description).slice(0, head.description.length - 1)}…`);
  });

  it('pistol (product-short)', () => {
    const { head, product, path } = productAt('rp-9-compact');
    expect(product.layout).toBe('pistol');
    expectProduct(head, product, path);
  });

  it('general product (product-short-alt)', () => {
    const { head, product, path } = productAt('topo-hoodie');
    expect(product.layout).toBe('general');
    expectProduct(head, product, path);
  });

  it('a sold-out sku is OutOfStock', () => {
    const { head, product, path } = productAt('rk-15-ember-edition');
    expectProduct(head, product, path);
    expect(ldOfType(head, 'Product').offers).toMatchObject({ availability: `${SCHEMA}/OutOfStock` });
  });

  it('a sku without a price offers nothing', () => {
    const cms = productById('rp-9-compact');
    const product = mapProduct(structuredClone(cms) as unknown as CmsProduct, {}, cms.display_type)!;
    const head = headAt(seedProductUrl(cms), { title: 'Product', head: 'product' }, { documentId: cms.documentId, product });
    expect(ldOfType(head, 'Product').offers).toBeUndefined();
  });

  it('an unknown product is "Product not found" and not indexed', () => {
    const head = headAt('/product/product-long/nope', { title: 'Product', head: 'product' }, { documentId: 'nope', product: null });
    expect(head.title).toBe('Product not found | Ridgeline Arms');
    expect(head.noindex).toBe(true);
    expect(head.jsonLd).toEqual([]);
    expect(metaOf(head, 'robots')).toBe('noindex');
    expect(canonicalOf(head)).toBeNull();
  });
});

describe('collection pages (four layouts)', () => {
  const collectionAt = (documentId: string, query = '') => {
    const group = productGroupById(documentId) as unknown as CmsProductGroup;
    const path = `/product/${group.display_type}/${documentId}`;
    const data = { layout: layoutOf(group.display_type), collection: mapCollection(structuredClone(group), seedPrices)! };
    return { data, path, head: headAt(`${path}${query}`, { title: 'Collection', head: 'collection' }, data) };
  };

  it.each([
    ['all-rifles', 'filterable-grid'],
    ['pistols', 'tabbed-grid'],
    ['apparel', 'simple-grid'],
    ['limited-edition', 'cards'],
  ])('%s (%s): title, description, first item image, breadcrumbs and the items', (documentId, layout) => {
    const { data, path, head } = collectionAt(documentId);
    const { collection } = data;
    expect(data.layout).toBe(layout);
    expect(head.title).toBe(`${collection.title} | Ridgeline Arms`);
    expectDescription(head);
    expect(head.description).toMatch(new RegExp(`^Shop ${collection.title} at Ridgeline Arms: `));
    expect(head.ogType).toBe('website');
    expectBreadcrumbs(head, collection.breadcrumbs.map((crumb) => crumb.title), `${ORIGIN}${path}`);

    const list = ldOfType(head, 'ItemList');
    const items = list.itemListElement as Record<string, unknown>[];
    expect(items).toHaveLength(collection.collectionItems.length);
    items.forEach((item, index) => {
      expect(item).toMatchObject({ '@type': 'ListItem', position: index + 1 });
      expect(String(item.url)).toMatch(/^https:\/\/shop\.example\/product\/product-/);
    });
    // The preview is the first product the page shows (the filterable grid sorts A to Z).
    const firstName = items[0].name;
    const first = collection.collectionItems.find((item) => item.title === firstName)!;
    expect(metaOf(head, 'og:image')).toBe(`${ORIGIN}${first.imageUrl}`);
    if (layout === 'filterable-grid') {
      const names = items.map((item) => String(item.name));
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    }
  });

  it("keeps the tabbed grid's activeFilter out of the canonical address", () => {
    const { head, path } = collectionAt('pistols', '?activeFilter=Competition');
    expect(head.canonicalPath).toBe(path);
    expect(metaOf(head, 'og:url')).toBe(`${ORIGIN}${path}`);
  });

  it('an empty collection uses its banner and lists nothing', () => {
    const { head } = collectionAt('edged-tools');
    expect(head.image?.url).toMatch(/^\/media\/banners\/collection-edged-tools/);
    expect(jsonLdOf(head).map((data) => data['@type'])).toEqual(['BreadcrumbList']);
    expect(head.noindex).toBeUndefined();
  });

  it('an unknown collection is not indexed', () => {
    const head = headAt('/product/collection-cards/nope', { title: 'Collection', head: 'collection' }, { layout: 'cards', collection: null });
    expect(head.noindex).toBe(true);
    expect(head.title).toBe('Collection not found | Ridgeline Arms');
  });
});

describe('search results', () => {
  it('are titled with the query and kept out of the index', () => {
    const items = mapSearchResults([productById('rk-15-carbine'), productById('rk-15-sport')] as never, seedPrices);
    const head = headAt('/search/rk-15', { title: 'Search results', head: 'search' }, { query: 'rk-15', items });
    expect(head.title).toBe('Results for "rk-15" | Ridgeline Arms');
    expect(head.description).toBe('2 products match "rk-15" at Ridgeline Arms.');
    expect(head.noindex).toBe(true);
    expect(metaOf(head, 'robots')).toBe('noindex');
  });
});

describe('content pages', () => {
  const cases: [path: string, kind: HeadKind, routeTitle: string, data: unknown, title: string][] = [
    ['/about-us', 'about-us', 'About us', mapAboutUs(seeded('aboutus')), 'About Us'],
    ['/contact-us', 'contact-us', 'Contact us', mapContactUs(seeded('contactus')), 'Contact Us'],
    ['/faq', 'faq', 'FAQ', mapFaq(seeded('faq')), 'Frequently Asked Questions'],
    ['/patents', 'patents', 'Patents', mapPatents(seeded('patent')), 'Patents'],
    ['/terms-of-service', 'copy', 'Terms of service', mapCopy(seeded('terms')), String(seeded('terms').title)],
    ['/support', 'support', 'Support', mapSupport(seeded('support')), String(seeded('support').header)],
    ['/warranty', 'warranty', 'Warranty', mapWarranty(seeded('warranty')), String(seeded('warranty').title)],
    ['/resources', 'resources', 'Resources', mapResources(seeded('resources')), String(seeded('resources').header)],
    ['/media-library', 'media-library', 'Media Library', mapMediaLibrary(seeded('medialibrary')), 'Media Library'],
    ['/limited-edition', 'limited-edition', 'Limited Edition', mapLimitedEdition(seeded('limitededition')), String(seeded('limitededition').top_ribbon_title)],
    ['/dealer-locator', 'dealer-locator', 'Dealer locator', mapDealerLocatorPage(seeded('dealerlocator')), 'Dealer Locator'],
    ['/dealer-registration', 'dealer-registration', 'Dealer registration', mapDealerRegistrationPage(seeded('dealerregistration')), 'Become a Ridgeline Dealer'],
    ['/registration', 'product-registration', 'Product registration', { models: [] }, 'Product registration'],
    ['/reviews', 'reviews', 'Customer Reviews', { reviews: [], productUrls: {}, failed: false }, 'Customer Reviews'],
    ['/3dbuilder', 'builder', '3D builder', mapBuilderPage(seeded('builder'), seedPrices), String(seeded('builder').title)],
  ];

  it.each(cases)('%s: title from the content, a description, an absolute canonical address', (path, kind, routeTitle, data, title) => {
    const head = headAt(path, { title: routeTitle, head: kind }, data);
    expect(head.title).toBe(`${title} | Ridgeline Arms`);
    expectDescription(head);
    expect(head.description).not.toBe(SITE_DESCRIPTION);
    expect(head.noindex).toBeUndefined();
    expect(canonicalOf(head)).toBe(`${ORIGIN}${path}`);
    if (head.image) expect(metaOf(head, 'og:image')).toMatch(/^https:\/\/shop\.example\/media\//);
  });

  it('takes the description from the content: about us reads its paragraphs, not its headings', () => {
    const head = headAt('/about-us', { title: 'About us', head: 'about-us' }, mapAboutUs(seeded('aboutus')));
    expect(head.description).toMatch(/^Ridgeline Arms started in a two-bay garage outside Boise, Idaho in 2009/);
    expect(head.description.endsWith('…')).toBe(true);
  });

  it("passes on an image's size when the content knows it", () => {
    const head = headAt('/support', { title: 'Support', head: 'support' }, mapSupport(seeded('support')));
    expect(Number(metaOf(head, 'og:image:width'))).toBeGreaterThan(0);
    expect(Number(metaOf(head, 'og:image:height'))).toBeGreaterThan(0);
  });

  it('a page whose content failed keeps the route title and a default description', () => {
    const head = headAt('/about-us', { title: 'About us', head: 'about-us' }, mapAboutUs(null));
    expect(head.title).toBe('About us | Ridgeline Arms');
    expectDescription(head);
    expect(head.image).toBeUndefined();
  });

  it('FAQ adds a FAQPage of its questions and answers', () => {
    const faq = mapFaq(seeded('faq'));
    const data = ldOfType(headAt('/faq', { title: 'FAQ', head: 'faq' }, faq), 'FAQPage');
    expect(data.mainEntity).toHaveLength(faq.faqItemList.length);
    expect((data.mainEntity as unknown[])[0]).toEqual({
      '@type': 'Question',
      name: faq.faqItemList[0].question,
      acceptedAnswer: { '@type': 'Answer', text: faq.faqItemList[0].answer },
    });
  });

  it('copy pages: /copy/privacy is its own page, any other copy id is the terms page', () => {
    const privacy = headAt('/copy/privacy', { title: 'Terms and privacy', head: 'copy' }, mapCopy(seeded('privacy')));
    expect(privacy.canonicalPath).toBe('/copy/privacy');
    expect(privacy.ogType).toBe('article');
    const other = headAt('/copy/terms', { title: 'Terms and privacy', head: 'copy' }, mapCopy(seeded('terms')));
    expect(other.canonicalPath).toBe('/terms-of-service');
  });
});

describe('private, not-found and unnamed routes', () => {
  it('a route under a private parent is never indexed, whatever its own kind', () => {
    const matches: HeadMatch[] = [
      { id: 'root', pathname: '/', handle: undefined, data: shell },
      { id: 'profile', pathname: '/profile', handle: { title: 'My Account', head: 'private' }, data: undefined },
      { id: 'orders', pathname: '/profile/orders', handle: { title: 'My orders' }, data: undefined },
    ];
    const head = headForRoute(matches, new URL('/profile/orders', ORIGIN));
    expect(head.title).toBe('My orders | Ridgeline Arms');
    expect(head.noindex).toBe(true);
  });

  it('checkout is titled by its route and not indexed, with no data loaded on the server', () => {
    const head = headAt('/checkout?stepId=billing', { title: 'Checkout', head: 'private' }, undefined);
    expect(head.title).toBe('Checkout | Ridgeline Arms');
    expect(head.canonicalPath).toBe('/checkout');
    expect(head.noindex).toBe(true);
    expect(head.description).toBe(SITE_DESCRIPTION);
  });

  it('the catch-all route is "Page not found" and not indexed', () => {
    const head = headAt('/no/such/page', { title: 'Page not found', head: 'not-found' }, undefined);
    expect(head.title).toBe('Page not found | Ridgeline Arms');
    expect(head.noindex).toBe(true);
  });

  it('the deepest match with a title decides; no title at all gives the site title', () => {
    expect(headAt('/x', { title: 'Something' }, undefined).title).toBe('Something | Ridgeline Arms');
    expect(headAt('/x', undefined, undefined).title).toBe(SITE_TITLE);
  });
});

describe('headHtml', () => {
  const hostile = '</script><script>alert(1)</script><!-- "quoted" & \'single\' \u2028';
  const head: DocumentHead = {
    title: `${hostile} | Ridgeline Arms`,
    description: hostile,
    canonicalPath: '/product/product-long/x',
    image: { url: '/media/x.svg', width: 1200, height: 630, alt: hostile },
    ogType: 'product',
    jsonLd: [{ '@context': SCHEMA, '@type': 'Product', name: hostile }],
  };
  const html = headHtml(head, ORIGIN);

  it('escapes text and attributes: nothing breaks out, everything reads back as written', () => {
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const parsed = fragment(html);
    expect(parsed.querySelector('title')?.textContent).toBe(head.title);
    expect(parsed.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(hostile);
    expect(parsed.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe(hostile);
    expect(parsed.children).toHaveLength(parsed.querySelectorAll('[data-head]').length);
  });

  it('writes JSON-LD with < and U+2028 escaped, so it parses back to the same data', () => {
    const script = html.slice(html.indexOf('<script'), html.indexOf('</script>'));
    expect(script).not.toMatch(/<\/|<!--|\u2028/);
    expect(script).toContain('\\u003c/script>');
    expect(jsonLdOf(head)).toEqual(head.jsonLd);
  });

  it('makes addresses absolute and keeps absolute ones', () => {
    expect(canonicalOf(head)).toBe(`${ORIGIN}/product/product-long/x`);
    expect(metaOf(head, 'og:url')).toBe(`${ORIGIN}/product/product-long/x`);
    expect(metaOf(head, 'og:image')).toBe(`${ORIGIN}/media/x.svg`);
    expect(metaOf(head, 'twitter:image')).toBe(`${ORIGIN}/media/x.svg`);
    expect(metaOf({ ...head, image: { url: 'https://cdn.example/a.jpg' } }, 'og:image')).toBe('https://cdn.example/a.jpg');
  });

  it('writes the Open Graph and Twitter cards', () => {
    expect(metaOf(head, 'og:site_name')).toBe('Ridgeline Arms');
    expect(metaOf(head, 'og:type')).toBe('product');
    expect(metaOf(head, 'og:title')).toBe(head.title);
    expect(metaOf(head, 'og:description')).toBe(hostile);
    expect(metaOf(head, 'og:image:width')).toBe('1200');
    expect(metaOf(head, 'og:image:height')).toBe('630');
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(head, 'twitter:title')).toBe(head.title);
    expect(metaOf(head, 'twitter:description')).toBe(hostile);
    expect(metaOf(head, 'robots')).toBeNull();
  });
});

describe('applyHead', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('replaces the previous page’s tags and the shell’s static title and description', () => {
    document.head.innerHTML =
      '<meta charset="UTF-8"><title>Ridgeline Arms</title><meta name="description" content="static">' +
      '<link rel="icon" href="/favicon.svg">';
    const product = headAt('/product/product-long/rk-15-carbine', { title: 'Product', head: 'product' }, {
      documentId: 'rk-15-carbine',
      product: mapProduct(productById('rk-15-carbine') as unknown as CmsProduct, seedPrices, 'product-long'),
    });
    applyHead(document, product, ORIGIN);
    expect(document.title).toBe('RK-15 Carbine | Ridgeline Arms');
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2);

    const notFound = headAt('/nope', { title: 'Page not found', head: 'not-found' }, undefined);
    applyHead(document, notFound, ORIGIN);
    expect(document.title).toBe('Page not found | Ridgeline Arms');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(`${ORIGIN}/nope`);
    // What the head builder does not own stays.
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
  });

  it('builds the same elements the server writes', () => {
    const home = headAt('/', { title: 'Home', head: 'home' }, mapHome(seeded('home')));
    applyHead(document, home, ORIGIN);
    expect(document.head.innerHTML.replace(/=""/g, '')).toBe(headHtml(home, ORIGIN).replace(/\n/g, ''));
  });
});

describe('summarize', () => {
  it('strips tags, collapses whitespace and cuts at a word with an ellipsis', () => {
    expect(summarize('  <p>Forged,\n\n nitrided </p>  ')).toBe('Forged, nitrided');
    const long = summarize('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH);
    expect(long).toMatch(/word…$/);
    expect(summarize('x'.repeat(200))).toHaveLength(DESCRIPTION_LENGTH);
    expect(summarize('8 < 9 and 10 > 9')).toBe('8 < 9 and 10 > 9');
  });
});

describe('listInEnglish', () => {
  it('writes what Intl.ListFormat en-US writes for a conjunction', () => {
    const intl = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });
    for (const items of [[], ['Rifles'], ['Rifles', 'Pistols'], ['Rifles', 'Pistols', 'Apparel'], ['A', 'B', 'C', 'D', 'E']]) {
      expect(listInEnglish(items)).toBe(intl.format(items));
    }
  });
});
