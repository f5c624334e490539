import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createAppServices } from '../../src/services/app-services';
import { paths } from '../../src/config/paths';
import { createAppActors } from '../../src/app/app-actors';
import { AppProviders } from '../../src/services/providers';
import { routeActorsOf } from '../../src/services/route-services';
import { bindRouteChanges } from '../../src/app/route-changes';
import { keepDataOnNewQuery } from '../../src/config/revalidation';
import { createRoutes } from '../../src/app/router';
import { defaultRuntimeSettings } from '../../src/runtime-settings';

const media = (url: string) => ({ url, alternativeText: '', width: 10, height: 10 });
const pages: Record<string, object> = {
  app: { main_navigation: [{ id: 1, title: 'Rifles', url: '/product/collection-cards/rifles', categories: [], child_navigations: [] }] },
  footer: {
    logo: media('/media/logo.svg'),
    nav_links: ['About Us', 'Contact Us', 'FAQ', 'Warranty', 'Patents', 'Support', 'Resources'].map((title, id) => ({ id, title, url: `/${id}` })),
    social_links: [{ id: 1, title: 'Instagram', url: 'https://instagram.example.test', icon: media('/media/ig.svg') }],
    bottom_texts: [{ id: 1, text: '© Ridgeline Arms', url: null }],
  },
  home: {
    home_carousel_cards: [{ id: 1, image: media('/media/h1.jpg'), url: '/limited-edition' }],
    home_image_link_ribbon: [{ id: 1, image: media('/media/r1.jpg'), url: '/product/collection-cards/rifles', title: 'Rifles' }],
  },
  aboutus: { title: 'About us', simple_copy_section: [{ type: 'paragraph', children: [{ type: 'text', text: 'Built in Idaho.' }] }] },
};

const GUEST_TOKEN = 'gid_unit-test-guest-token-0001';
const emptyCart = {
  id: 1, userId: null, guestId: GUEST_TOKEN, isAbandoned: false, isGuest: true, items: [],
  subTotal: 0, taxAmount: 0, shipping: 0, discount: 0, totalAmount: 0, discountAmount: 0, appliedDiscounts: [],
};

const fakeFetch = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test');
  // The guest cart the cart machine makes on start (no user is signed in).
  if (url.pathname === '/api/Auth/guest') return Response.json({ guestToken: GUEST_TOKEN });
  if (url.pathname === `/api/Cart/guest/${GUEST_TOKEN}`) return Response.json(emptyCart);
  const slug = url.pathname.match(/\/api\/cms\/page\/(\w+)$/)?.[1];
  if (slug && pages[slug]) {
    return Response.json({ data: { id: 1, documentId: slug, slug, title: slug, ...pages[slug] }, meta: {} });
  }
  return Response.json({ status: 404, title: 'Not Found', message: 'No such page' }, { status: 404 });
});

beforeEach(() => {
  // jsdom has no scrolling; where a page shows is tested in page-scroll.test.tsx.
  vi.stubGlobal('scrollTo', () => {});
  fakeFetch.mockClear();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderApp(url: string) {
  // An absolute base: openapi-fetch builds Request objects, which need an origin under jsdom.
  const services = createAppServices({ settings: { ...defaultRuntimeSettings, apiBaseUrl: 'http://shop.test/api' }, fetch: fakeFetch as typeof fetch });
  // A decided visitor: the analytics consent bar (tested on its own) stays out of these tests.
  localStorage.setItem('analyticsConsent', JSON.stringify({ value: false, decidedAt: '2026-01-01T00:00:00.000Z' }));
  const actors = createAppActors(services, { scrollToTop: () => {} });
  const router = createMemoryRouter(createRoutes(services, routeActorsOf(actors)), { initialEntries: [url] });
  bindRouteChanges(router as never, services.ui);
  render(
    <AppProviders services={services} actors={actors}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { services, actors, router };
}

function routePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path ? (route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`) : parent;
    return [...(route.path ? [own] : []), ...routePaths(route.children ?? [], own)];
  });
}

describe('route table', () => {
  it('has a route for every path constant of both specs, plus the catch-all', () => {
    const table = routePaths(createRoutes({ pageContent: { load: vi.fn(), peek: vi.fn() } as never }, { session: async () => ({}) as never }));
    for (const path of Object.values(paths)) expect(table).toContain(path);
    expect(table).toContain('/*');
  });

  it('the shell does not load its navigation and footer again for a new query on the same page', () => {
    const [root] = createRoutes({ pageContent: { load: vi.fn(), peek: vi.fn() } as never }, { session: async () => ({}) as never });
    expect(root.id).toBe('root');
    expect(root.shouldRevalidate).toBe(keepDataOnNewQuery);
  });
});

describe('app shell', () => {
  it('renders home inside the shell from the cms pages', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const rifles = within(nav).getByRole('button', { name: 'Rifles' });
    expect(rifles.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(rifles);
    expect(within(nav).getByRole('link', { name: 'Shop all Rifles' }).getAttribute('href')).toBe('/product/collection-cards/rifles');
    const carousel = await screen.findByRole('region', { name: 'Featured' });
    expect(within(carousel).getByRole('link')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getAllByRole('list').length).toBeGreaterThanOrEqual(3);
    expect(within(footer).getByRole('button', { name: 'Back to top' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dealer locator' })).toBeTruthy();
    // Nobody is signed in: the account icon starts the sign-in.
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('requests each cms page once although several routes need them', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('region', { name: 'Featured' });
    await act(() => router.navigate('/about-us'));
    await act(() => router.navigate('/'));
    await screen.findByRole('region', { name: 'Featured' });
    await act(() => router.navigate('/about-us'));
    const slugs = fakeFetch.mock.calls
      .map(([input]) => new URL((input as Request).url).pathname)
      .filter((path) => path.startsWith('/api/cms/'));
    expect(slugs.sort()).toEqual(['/api/cms/page/aboutus', '/api/cms/page/app', '/api/cms/page/footer', '/api/cms/page/home']);
  });

  it.each([
    ['/Newsletter/verify/abc123', 'VERIFYING EMAIL...'],
    ['/product/product-long/rk-15', 'Product not found'],
  ])('%s shows its screen title in the shell', async (url, title) => {
    renderApp(url);
    // Screens are lazy chunks with loaders: allow for a slow, shared machine.
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    // The first import of a screen's libraries goes through Vite's transform (decision 024).
  }, 20_000);

  it('the redirect page sends the visitor home', async () => {
    const { router } = renderApp('/redirect');
    await screen.findByRole('region', { name: 'Featured' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/');
  });

  it('an unknown path shows the 404 screen inside the shell', async () => {
    renderApp('/nowhere');
    expect(await screen.findByText('No route matches URL "/nowhere"')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('the cart button opens the cart panel, which is empty and closes on a route change', async () => {
    const { router } = renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About us' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    // The panel is a lazy chunk (react-aria's modal): allow for a slow, shared machine.
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 15000 });
    expect(within(dialog).getByText('There are no products in the cart')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'CHECKOUT' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => router.navigate('/faq'));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);
});
