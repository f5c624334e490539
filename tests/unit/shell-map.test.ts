import { describe, expect, it } from 'vitest';
import { FOOTER_COLUMNS, mapFooter, mapNavigation, splitIntoColumns } from '../../src/domain/map-shell';
import type { CmsPage } from '../../src/api/cms-pages';

const media = (url: string, alternativeText: string | null = null) => ({ url, alternativeText });

const appPage = {
  main_navigation: [
    {
      id: 1,
      title: 'Rifles',
      url: '/product/collection-filterable-grid/all-rifles',
      categories: [
        { id: 2, title: 'All Rifles', url: '/product/collection-filterable-grid/all-rifles' },
        { id: 3, title: '', url: '/nameless' },
        { id: 4, title: 'Bad scheme', url: 'javascript:alert(1)' },
        { id: 5, title: 'Range partner', url: 'https://partner.example/range' },
      ],
      child_navigations: [
        {
          id: 6,
          title: 'RK-15 Carbine',
          subtitle: 'The one to start with',
          url: '/product/product-long/rk-15-carbine',
          image: media('/media/nav/rk15.svg', 'RK-15 Carbine'),
          hover_image: media('/media/nav/rk15--hover.svg'),
        },
        { id: 7, title: 'No image', subtitle: null, url: '/warranty', image: media('data:image/png;base64,AAAA'), hover_image: null },
        { id: 8, title: 'No url', url: '', image: media('/media/x.svg') },
      ],
    },
    { id: 9, title: 'Pistols', url: '/product/collection-tabbed-grid/pistols' },
    { id: 10, title: '', url: '/untitled', categories: [], child_navigations: [] },
    null,
  ],
} as unknown as CmsPage;

describe('mapNavigation (navigation view form, spec section 3)', () => {
  const menus = mapNavigation(appPage);

  it('keeps menus with a title and a safe url, in order, skipping unusable ones', () => {
    expect(menus.map((menu) => menu.label)).toEqual(['Rifles', 'Pistols']);
    expect(menus[0]).toMatchObject({ href: '/product/collection-filterable-grid/all-rifles', link: '/product/collection-filterable-grid/all-rifles' });
  });

  it('maps the sub-categories to children, dropping nameless and unsafe links', () => {
    expect(menus[0].children.map((child) => [child.label, child.href, child.link])).toEqual([
      ['All Rifles', '/product/collection-filterable-grid/all-rifles', '/product/collection-filterable-grid/all-rifles'],
      // Outside addresses keep their href but have no router link.
      ['Range partner', 'https://partner.example/range', null],
    ]);
  });

  it('maps the image cards with image, hover image (bgImage) and subtitle', () => {
    expect(menus[0].cards).toEqual([
      {
        label: 'RK-15 Carbine',
        href: '/product/product-long/rk-15-carbine',
        link: '/product/product-long/rk-15-carbine',
        image: { src: '/media/nav/rk15.svg', alt: 'RK-15 Carbine' },
        // Without alternative text the card title stands in.
        bgImage: { src: '/media/nav/rk15--hover.svg', alt: 'RK-15 Carbine' },
        subtitle: 'The one to start with',
        children: [],
      },
      { label: 'No image', href: '/warranty', link: '/warranty', image: null, bgImage: null, subtitle: null, children: [] },
    ]);
  });

  it('tolerates missing categories and cards', () => {
    expect(menus[1]).toMatchObject({ children: [], cards: [] });
  });

  it('gives every menu a distinct, DOM-safe id', () => {
    expect(menus.map((menu) => menu.id)).toEqual(['nav-0-rifles', 'nav-1-pistols']);
  });

  it('yields no menus for empty or missing content', () => {
    expect(mapNavigation(null)).toEqual([]);
    expect(mapNavigation(undefined)).toEqual([]);
    expect(mapNavigation({} as CmsPage)).toEqual([]);
    expect(mapNavigation({ main_navigation: null } as unknown as CmsPage)).toEqual([]);
  });
});

describe('splitIntoColumns', () => {
  it('splits links into 3 consecutive groups whose sizes differ by at most one (spec section 9)', () => {
    const columns = splitIntoColumns([1, 2, 3, 4, 5, 6, 7], FOOTER_COLUMNS);
    expect(columns).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(splitIntoColumns([], FOOTER_COLUMNS)).toEqual([[], [], []]);
  });
});

describe('mapFooter', () => {
  const footerPage = {
    logo: media('/media/brand/logo.svg'),
    nav_links: [
      { id: 1, title: 'Rifles', url: '/rifles' },
      { id: 2, title: 'Pistols', url: '/pistols' },
      { id: 3, title: 'Bad', url: 'javascript:void(0)' },
      { id: 4, title: 'Apparel', url: '/apparel' },
      { id: 5, title: 'FAQ', url: '/faq' },
    ],
    social_links: [
      { id: 6, title: 'Instagram', url: 'https://instagram.example/r', icon: media('/media/icons/ig.svg') },
      { id: 7, title: 'NoIcon', url: 'https://x.example/r', icon: null },
      { id: 8, title: '', url: 'https://nameless.example' },
    ],
    bottom_texts: [
      { id: 9, text: '© 2026 Ridgeline Arms', url: null },
      { id: 10, text: 'Terms of Service', url: '/terms-of-service' },
      { id: 11, text: '', url: '/empty' },
    ],
    download_asset: { title: 'Download the 2026 Catalog', file: media('/media/downloads/catalog.pdf') },
    newsletter: { heading: 'The Ridgeline Dispatch', text: 'New releases twice a month.' },
  } as unknown as CmsPage;

  it('maps every footer field into the view form', () => {
    expect(mapFooter(footerPage)).toEqual({
      logoUrl: '/media/brand/logo.svg',
      linkColumns: [
        [
          { label: 'Rifles', href: '/rifles' },
          { label: 'Pistols', href: '/pistols' },
        ],
        [
          { label: 'Apparel', href: '/apparel' },
          { label: 'FAQ', href: '/faq' },
        ],
        [],
      ],
      socialLinks: [
        { label: 'Instagram', href: 'https://instagram.example/r', iconUrl: '/media/icons/ig.svg' },
        { label: 'NoIcon', href: 'https://x.example/r', iconUrl: null },
      ],
      bottomTexts: [
        { text: '© 2026 Ridgeline Arms', href: null },
        { text: 'Terms of Service', href: '/terms-of-service' },
      ],
      downloadAsset: { label: 'Download the 2026 Catalog', href: '/media/downloads/catalog.pdf' },
      newsletter: { heading: 'The Ridgeline Dispatch', text: 'New releases twice a month.' },
    });
  });

  it('falls back to empty content for a missing page', () => {
    expect(mapFooter(null)).toEqual({
      logoUrl: null,
      linkColumns: [[], [], []],
      socialLinks: [],
      bottomTexts: [],
      downloadAsset: null,
      newsletter: null,
    });
  });

  it('drops a download asset without a usable file and a newsletter without a heading', () => {
    const page = { download_asset: { title: 'Guide', file: media('javascript:x') }, newsletter: { heading: ' ', text: 'x' } } as unknown as CmsPage;
    expect(mapFooter(page)).toMatchObject({ downloadAsset: null, newsletter: null });
  });
});
