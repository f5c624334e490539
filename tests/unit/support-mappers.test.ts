import { describe, expect, it } from 'vitest';
import { mapResources, mapSupport, mapWarranty } from '../../src/features/support/map-support';
import { mapLimitedEdition } from '../../src/features/limited-edition/map-limited-edition';
import { fileNameFor, mapMediaLibrary } from '../../src/features/media-library/map-media-library';
import { emptyCmsPage } from '../../src/api/cms-pages';
import type { CmsPage } from '../../src/api/cms-pages';

const media = (url: string, alternativeText: string | null = '') => ({ url, alternativeText, width: 600, height: 400 });
const para = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });
/** Content as a broken or older content service might send it: any shape, typed loosely on purpose. */
const loose = (value: unknown) => value as Partial<CmsPage>;

describe('mapSupport', () => {
  it('maps the support hub to the views form', () => {
    const view = mapSupport({
      background_image: media('/media/banners/support.svg', 'Ridgeline Support'),
      header: ' How Can We Help? ',
      sub_header: 'Manuals and answers.',
      nav_cards: [
        { id: 1, link: '/faq', image: media('/media/nav/faq.svg', 'FAQ'), title: 'FAQ', subtitle: 'Quick answers' },
        { id: 2, link: 'https://example.com/help', image: media('/media/nav/x.svg'), title: 'Outside', subtitle: null },
      ],
    });
    expect(view).toEqual({
      backgroundImage: { url: '/media/banners/support.svg', alt: 'Ridgeline Support', width: 600, height: 400 },
      header: 'How Can We Help?',
      subHeader: 'Manuals and answers.',
      navCards: [
        { link: '/faq', title: 'FAQ', subtitle: 'Quick answers', image: { url: '/media/nav/faq.svg', alt: 'FAQ', width: 600, height: 400 } },
        { link: 'https://example.com/help', title: 'Outside', subtitle: '', image: { url: '/media/nav/x.svg', alt: '', width: 600, height: 400 } },
      ],
    });
  });

  it('skips cards without a safe link or a title and images with an unsafe address', () => {
    const view = mapSupport(
      loose({
        background_image: { url: 'javascript:alert(1)' },
        nav_cards: [
          null,
          { id: 1, link: 'javascript:alert(1)', title: 'Bad', image: media('/a.svg') },
          { id: 2, link: '/warranty', title: '  ', image: media('/b.svg') },
          { id: 3, link: '/reviews', title: 'Reviews', image: null },
        ],
      }),
    );
    expect(view.backgroundImage).toBeNull();
    expect(view.navCards).toEqual([{ link: '/reviews', title: 'Reviews', subtitle: '', image: null }]);
  });

  it('gives empty content for the empty default page and for nothing at all', () => {
    const empty = { backgroundImage: null, header: '', subHeader: '', navCards: [] };
    expect(mapSupport(emptyCmsPage('support'))).toEqual(empty);
    expect(mapSupport(null)).toEqual(empty);
    expect(mapSupport(loose({ nav_cards: 'not a list' }))).toEqual(empty);
  });
});

describe('mapWarranty', () => {
  it('keeps the title and the titled copy sections', () => {
    const view = mapWarranty({
      title: 'Warranty',
      copy_sections: [
        { id: 1, header: 'Lifetime Firearm Warranty', content: [para('For life.')] },
        { id: 2, header: '', content: [para('No header: skipped.')] },
        loose({ id: 3, header: 'Claims', content: null }) as never,
      ],
    });
    expect(view).toEqual({
      title: 'Warranty',
      copySections: [
        { header: 'Lifetime Firearm Warranty', content: [para('For life.')] },
        { header: 'Claims', content: [] },
      ],
    });
  });

  it('is empty for the empty default page', () => {
    expect(mapWarranty(emptyCmsPage('warranty'))).toEqual({ title: '', copySections: [] });
  });
});

describe('mapResources', () => {
  it('links to the attached file when there is one, else to the url', () => {
    const view = mapResources({
      background_image: media('/media/banners/resources.svg', 'Resources'),
      header: 'Resources',
      sub_header: 'Guides, safety and legal',
      resource_links: [
        { id: 1, title: 'Owner manual', description: 'PDF', url: '/media-library', file: media('/media/downloads/m.pdf') },
        { id: 2, title: 'Find a Dealer', description: null, url: '/dealer-locator', file: null },
        { id: 3, title: 'Bad', url: 'data:text/html,x' },
        { id: 4, title: '', url: '/faq' },
      ],
    });
    expect(view.resourceLinks).toEqual([
      { title: 'Owner manual', description: 'PDF', url: '/media/downloads/m.pdf', isFile: true },
      { title: 'Find a Dealer', description: '', url: '/dealer-locator', isFile: false },
    ]);
    expect(view.header).toBe('Resources');
    expect(view.subHeader).toBe('Guides, safety and legal');
  });

  it('is empty for the empty default page', () => {
    expect(mapResources(emptyCmsPage('resources'))).toEqual({ backgroundImage: null, header: '', subHeader: '', resourceLinks: [] });
  });
});

describe('mapLimitedEdition', () => {
  it('maps the banner, current feature, stay-informed text and past features', () => {
    const view = mapLimitedEdition({
      top_ribbon_title: 'Limited Editions',
      stay_informed_content: 'Join the list.',
      current_feature: {
        id: 1,
        title: 'Copper Canyon',
        image_1: media('/media/1.svg', 'Rifle'),
        image_2: media('/media/2.svg', 'Floorplate'),
        content: [para('Two hundred and fifty rifles.')],
      },
      past_features: [
        { id: 2, title: 'Ember', image_1: media('/media/e.svg', 'Ember'), image_2: null, content: [] },
        loose({ id: 3, title: '', image_1: media('/media/x.svg'), content: [] }) as never,
      ],
    });
    expect(view).toEqual({
      topRibbonTitle: 'Limited Editions',
      stayInformedContent: 'Join the list.',
      currentFeature: {
        title: 'Copper Canyon',
        image1: { url: '/media/1.svg', alt: 'Rifle', width: 600, height: 400 },
        image2: { url: '/media/2.svg', alt: 'Floorplate', width: 600, height: 400 },
        content: [para('Two hundred and fifty rifles.')],
      },
      pastFeatures: [{ title: 'Ember', image1: { url: '/media/e.svg', alt: 'Ember', width: 600, height: 400 }, image2: null, content: [] }],
    });
  });

  it('has no current feature and no past features on the empty default page', () => {
    expect(mapLimitedEdition(emptyCmsPage('limitededition'))).toEqual({
      topRibbonTitle: '',
      stayInformedContent: '',
      currentFeature: null,
      pastFeatures: [],
    });
  });
});

describe('mapMediaLibrary', () => {
  it('maps the catalog, categories of downloads with file names, and the form image', () => {
    const view = mapMediaLibrary({
      catalog: media('/media/downloads/ridgeline-catalog-2026.pdf', '2026 Product Catalog'),
      download_categories: [
        {
          id: 1,
          title: "Owner's Manuals",
          downloads: [
            { id: 2, title: "RK-15 Owner's Manual", file: media('/media/downloads/rk-15-owners-manual.pdf') },
            loose({ id: 3, title: 'No file', file: null }) as never,
            { id: 4, title: 'Unsafe', file: media('javascript:alert(1)') },
          ],
        },
        { id: 5, title: 'Nothing usable', downloads: [] },
      ],
      form_image: media('/media/banners/request.svg', 'Request product images'),
    });
    expect(view).toEqual({
      catalog: { title: '2026 Product Catalog', url: '/media/downloads/ridgeline-catalog-2026.pdf', fileName: 'ridgeline-catalog-2026.pdf' },
      categoryList: [
        {
          title: "Owner's Manuals",
          downloadList: [{ title: "RK-15 Owner's Manual", url: '/media/downloads/rk-15-owners-manual.pdf', fileName: 'rk-15-owners-manual.pdf' }],
        },
      ],
      formImage: { url: '/media/banners/request.svg', alt: 'Request product images', width: 600, height: 400 },
    });
  });

  it('is empty for the empty default page', () => {
    expect(mapMediaLibrary(emptyCmsPage('medialibrary'))).toEqual({ catalog: null, categoryList: [], formImage: null });
  });

  it('names the saved file from the address, else from the title', () => {
    expect(fileNameFor('/media/downloads/a%20b.pdf?v=2#page=1', 'A')).toBe('a b.pdf');
    expect(fileNameFor('https://cdn.example.com/files/', "RK-15 Owner's Manual")).toBe('RK-15-Owner-s-Manual');
    expect(fileNameFor('/', '')).toBe('download');
  });
});
