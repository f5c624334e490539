import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders } from './test-providers';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createPageContent } from '../../src/services/page-content';
import { emptyCmsPage, type CmsPages } from '../../src/api/cms-pages';
import { createSupportRoutes } from '../../src/app/support-routes';

afterEach(cleanup);

const media = (url: string, alternativeText = '') => ({ url, alternativeText, width: 600, height: 400 });
const para = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });

/** The route table of this area over a page-content cache that answers from `pages` (or fails). */
function renderRoute(url: string, pages: Partial<CmsPages> | 'fail') {
  const pageContent = createPageContent<CmsPages>({
    fetchPage: async (slug) => {
      if (pages === 'fail' || !pages[slug]) throw new Error('down');
      return pages[slug];
    },
    fallback: emptyCmsPage,
  });
  const routes: RouteObject[] = createSupportRoutes({ pageContent });
  render(
    <TestProviders>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />
    </TestProviders>,
  );
}

describe('support area routes', () => {
  it('declares all six paths with a title', () => {
    const routes = createSupportRoutes({ pageContent: createPageContent<CmsPages>({ fetchPage: async (s) => emptyCmsPage(s), fallback: emptyCmsPage }) });
    expect(routes.map((r) => [r.path, (r.handle as { title: string }).title])).toEqual([
      ['/limited-edition', 'Limited Edition'],
      ['/media-library', 'Media Library'],
      ['/support', 'Support'],
      ['/warranty', 'Warranty'],
      ['/reviews', 'Customer Reviews'],
      ['/resources', 'Resources'],
    ]);
  });

  it('renders the support hub cards as links', async () => {
    renderRoute('/support', {
      support: {
        ...emptyCmsPage('support'),
        background_image: media('/media/banners/support.svg', 'Ridgeline Support'),
        header: 'How Can We Help?',
        sub_header: 'Manuals and answers.',
        nav_cards: [{ id: 1, link: '/faq', image: media('/media/nav/faq.svg', 'FAQ'), title: 'FAQ', subtitle: 'Quick answers' }],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'How Can We Help?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'FAQ Quick answers' }).getAttribute('href')).toBe('/faq');
    expect(screen.getByRole('img', { name: 'Ridgeline Support' })).toBeTruthy();
  });

  it('renders warranty sections with an in-page list', async () => {
    renderRoute('/warranty', {
      warranty: {
        ...emptyCmsPage('warranty'),
        title: 'Warranty',
        copy_sections: [
          { id: 1, header: 'Lifetime Firearm Warranty', content: [para('For the life of the firearm.')] },
          { id: 2, header: 'How to Make a Claim', content: [para('Call us.')] },
        ],
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'How to Make a Claim' })).toBeTruthy();
    expect(screen.getByText('For the life of the firearm.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lifetime Firearm Warranty' }).getAttribute('href')).toBe('#warranty-section-1');
  });

  it("renders the limited edition with 'Stay Informed' and the newsletter slot", async () => {
    renderRoute('/limited-edition', {
      limitededition: {
        ...emptyCmsPage('limitededition'),
        top_ribbon_title: 'Numbered and never repeated',
        stay_informed_content: 'Join the list.',
        current_feature: { id: 1, title: 'Copper Canyon', image_1: media('/media/1.svg', 'Rifle'), image_2: null, content: [para('250 rifles.')] },
        past_features: [{ id: 2, title: 'Ember Edition', image_1: media('/media/2.svg', 'Ember'), content: [] }],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Numbered and never repeated' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Copper Canyon' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Stay Informed' })).toBeTruthy();
    expect(screen.getByText('Join the list.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Ember Edition' })).toBeTruthy();
    expect(document.querySelectorAll('[data-slot="newsletter-signup"]')).toHaveLength(1);
  });

  it('renders the resources links', async () => {
    renderRoute('/resources', {
      resources: {
        ...emptyCmsPage('resources'),
        header: 'Owner Resources',
        sub_header: 'Beyond the box.',
        resource_links: [{ id: 1, title: 'Field Cleaning Guide', description: 'Ten minutes', url: '/media-library', file: media('/media/downloads/clean.pdf') }],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Owner Resources' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Field Cleaning Guide Ten minutes' }).getAttribute('href')).toBe('/media/downloads/clean.pdf');
  });

  it.each([
    ['/support', 'Support'],
    ['/warranty', 'Warranty'],
    ['/resources', 'Resources'],
    ['/limited-edition', 'Limited Edition'],
    ['/media-library', 'Media Library'],
    ['/reviews', 'Customer Reviews'],
  ])('%s still renders when its content fails to load', async (path, heading) => {
    renderRoute(path, 'fail');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});
