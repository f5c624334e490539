import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pages } from '../../server/seed/pages';
import type { RouteHandle } from '../../src/config/route-handle';
import { emptyCmsPage, type CmsPage, type CmsPages } from '../../src/api/cms-pages';
import { createContentRoutes } from '../../src/features/content/content-routes';
import { createPageContent } from '../../src/services/page-content';

afterEach(cleanup);

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
});

/** The content routes over a page cache that serves the seed, or fails every load (empty content). */
function renderRoute(url: string, { failing = false } = {}) {
  const fetchPage = vi.fn(async (slug: keyof CmsPages) => {
    if (failing) throw new Error('content service down');
    return pages[slug] as unknown as CmsPage;
  });
  const pageContent = createPageContent<CmsPages>({ fetchPage: fetchPage as never, fallback: emptyCmsPage });
  const router = createMemoryRouter(createContentRoutes({ pageContent }), { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, fetchPage };
}

// Screens are lazy modules: the first import of one (react-aria for the FAQ) can be slow under jsdom.
const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('content route table', () => {
  it('gives every route a title in its handle and a loader', () => {
    const routes = createContentRoutes({ pageContent: createPageContent<CmsPages>({ fetchPage: vi.fn(), fallback: emptyCmsPage }) });
    expect(routes.map((route) => [route.path, (route.handle as RouteHandle).title])).toEqual([
      ['/about-us', 'About us'],
      ['/contact-us', 'Contact us'],
      ['/copy/:copyId', 'Terms and privacy'],
      ['/terms-of-service', 'Terms of service'],
      ['/faq', 'FAQ'],
      ['/patents', 'Patents'],
    ]);
    for (const route of routes) expect(typeof route.loader).toBe('function');
  });
});

describe('About us', () => {
  it('renders the seeded banner, copy, careers and want-to-talk sections', async () => {
    const { fetchPage } = renderRoute('/about-us');
    await h1('About Us');
    expect(fetchPage).toHaveBeenCalledWith('aboutus');
    expect(screen.getByRole('img', { name: 'Ridgeline Arms — Built in the high desert since 2009' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Watch our video/ }).getAttribute('href')).toBe('/media/video/ridgeline-range-day.webm');
    expect(screen.getByRole('heading', { level: 2, name: 'Who we are' })).toBeTruthy();
    const careers = screen.getByRole('region', { name: 'We Are Hiring' });
    expect(careers.id).toBe('careers');
    expect(within(careers).getByText(/We are looking for people who like to make things well/)).toBeTruthy();
    const jobs = within(careers).getAllByRole('listitem').map((item) => item.textContent);
    expect(jobs).toContain('CNC Machinist, second shift (Boise, ID)');
    expect(jobs).toHaveLength(5);
    const talk = screen.getByRole('region', { name: 'Want to Talk?' });
    expect(within(talk).getByText(/Our team in Boise answers every message/)).toBeTruthy();
    expect(within(talk).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('scrolls smoothly to the section named by the hash, also when the hash changes on the page', async () => {
    const { router } = renderRoute('/about-us#careers');
    await h1('About Us');
    await vi.waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('careers'));
    expect(scrollIntoView.mock.calls[0][0]).toMatchObject({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement?.id).toBe('careers');

    await act(() => router.navigate('/about-us'));
    await act(() => router.navigate('/about-us#careers'));
    await vi.waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(2));
    expect(scrollIntoView.mock.contexts[1]).toBe(document.getElementById('careers'));

    // A link to the hash already in the URL (the footer's 'Careers' while there) scrolls again.
    await act(() => router.navigate('/about-us#careers'));
    await vi.waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(3));
  });

  it('ignores a hash that names nothing', async () => {
    renderRoute('/about-us#nowhere');
    await h1('About Us');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('renders the title only when the content fails to load', async () => {
    renderRoute('/about-us', { failing: true });
    await h1('About us');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('Contact us', () => {
  it('renders the seeded address, phone, email and social links', async () => {
    renderRoute('/contact-us');
    await h1('Contact Us');
    expect(screen.getByText('4120 W Foundry Lane')).toBeTruthy();
    expect(screen.getByText('Boise, ID 83714')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(208) 555-0147' }).getAttribute('href')).toBe('tel:+12085550147');
    expect(screen.getByRole('link', { name: 'support@ridgelinearms.example' }).getAttribute('href')).toBe(
      'mailto:support@ridgelinearms.example',
    );
    const instagram = screen.getByRole('link', { name: /Instagram/ });
    expect(instagram.getAttribute('href')).toBe('https://instagram.example/ridgelinearms');
    expect(instagram.getAttribute('target')).toBe('_blank');
    expect(instagram.querySelector('img')?.getAttribute('src')).toBe('/media/icons/social-instagram.svg');
  });

  it('renders the title only when the content fails to load', async () => {
    renderRoute('/contact-us', { failing: true });
    await h1('Contact us');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});

describe('Copy text pages', () => {
  it('/copy/privacy shows the privacy policy', async () => {
    const { fetchPage } = renderRoute('/copy/privacy');
    await h1('Privacy Policy');
    expect(fetchPage).toHaveBeenCalledWith('privacy');
    expect(screen.getByRole('heading', { level: 2, name: 'What We Collect' })).toBeTruthy();
    // One level-1 heading: the copy's own.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each(['/copy/anything', '/copy/terms', '/terms-of-service'])('%s shows the terms', async (url) => {
    const { fetchPage } = renderRoute(url);
    await h1('Terms of Service');
    expect(fetchPage).toHaveBeenCalledWith('terms');
    expect(fetchPage).not.toHaveBeenCalledWith('privacy');
    expect(screen.getByRole('heading', { level: 2, name: 'Eligibility' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'warranty page' }).getAttribute('href')).toBe('/warranty');
  });

  it('renders the route title when the content fails to load', async () => {
    renderRoute('/terms-of-service', { failing: true });
    await h1('Terms of service');
    renderRoute('/copy/privacy', { failing: true });
    await h1('Terms and privacy');
  });
});

describe('FAQ', () => {
  it('renders the seeded header and all questions, answers closed', async () => {
    renderRoute('/faq');
    await h1('Frequently Asked Questions');
    expect(screen.getByText(/Answers to the questions we hear most/)).toBeTruthy();
    const triggers = screen.getAllByRole('button', { expanded: false });
    expect(triggers).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'How do I buy a firearm online?' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Close All' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens many answers at once and closes them all with Close All', async () => {
    renderRoute('/faq');
    await h1('Frequently Asked Questions');
    const first = screen.getByRole('button', { name: 'How do I buy a firearm online?' });
    const third = screen.getByRole('button', { name: 'Why can I not order some items to my state?' });
    fireEvent.click(first);
    fireEvent.click(third);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(third.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/We ship to the dealer, who runs the background check/)).toBeTruthy();

    const closeAll = screen.getByRole('button', { name: 'Close All' }) as HTMLButtonElement;
    expect(closeAll.disabled).toBe(false);
    fireEvent.click(closeAll);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(third.getAttribute('aria-expanded')).toBe('false');
    expect(closeAll.disabled).toBe(true);

    // A closed answer can be opened again on its own.
    fireEvent.click(third);
    expect(third.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });

  it('renders the title without an accordion when the content fails to load', async () => {
    renderRoute('/faq', { failing: true });
    await h1('FAQ');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Patents', () => {
  it('renders the seeded patents as a table with readable numbers', async () => {
    renderRoute('/patents');
    await h1('Patents');
    const table = screen.getByRole('table', { name: 'Patents by product' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    const first = within(rows[0]);
    expect(first.getByRole('rowheader', { name: 'RK-15 Carbine' })).toBeTruthy();
    expect(first.getByText('Utility')).toBeTruthy();
    expect(first.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['US 11,204,118 B2', 'US 11,390,442 B1']);
    expect(first.getByText('RK-15 Carbine, Sport and Pro; all finishes')).toBeTruthy();
  });

  it('renders the title without a table when the content fails to load', async () => {
    renderRoute('/patents', { failing: true });
    await h1('Patents');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
