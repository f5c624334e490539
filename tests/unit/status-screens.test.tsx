import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router-dom';
import { NotFoundScreen } from '../../src/app/not-found-screen';
import { RouteErrorScreen } from '../../src/app/route-error-screen';

afterEach(cleanup);

function renderAt(url: string, routes: Parameters<typeof createMemoryRouter>[0]) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

describe('404 screen', () => {
  it("reads 'No route matches URL' with the path", async () => {
    renderAt('/no/such/page', [{ path: '*', Component: NotFoundScreen }]);
    expect(await screen.findByText('No route matches URL "/no/such/page"')).toBeTruthy();
    expect(screen.getByText('404 Not Found')).toBeTruthy();
  });

  it('offers a search and the main categories (issue 19 item 8)', async () => {
    const navigation = [
      { id: 'nav-0-rifles', label: 'Rifles', href: '/product/collection-filterable-grid/rifles' },
      { id: 'nav-1-apparel', label: 'Apparel', href: '/product/collection-cards/apparel' },
      { id: 'nav-2-support', label: 'Support', href: '/support' },
    ];
    renderAt('/no/such/page', [
      {
        id: 'root',
        path: '/',
        loader: () => ({ navigation, footer: null }),
        Component: () => <Outlet />,
        children: [
          { path: '*', Component: NotFoundScreen },
          { path: 'search/:query', Component: () => <p>Results page {useParams().query}</p> },
        ],
      },
    ]);
    const categories = await screen.findByRole('navigation', { name: 'Shop by category' });
    expect(within(categories).getByRole('link', { name: 'Rifles' }).getAttribute('href')).toBe('/product/collection-filterable-grid/rifles');
    expect(within(categories).getAllByRole('link')).toHaveLength(2);
    const search = screen.getByRole('search', { name: 'Search the shop' });
    fireEvent.change(within(search).getByLabelText('Search for a product instead'), { target: { value: ' rk15 ' } });
    fireEvent.submit(search);
    expect(await screen.findByText('Results page rk15')).toBeTruthy();
  });
});

describe('router error screen', () => {
  it("reads 'Unexpected Application Error!' with status and text of a route error response", async () => {
    renderAt('/', [
      {
        path: '/',
        ErrorBoundary: RouteErrorScreen,
        loader: () => {
          throw new Response(null, { status: 404, statusText: 'Not Found' });
        },
        Component: () => null,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('404 Not Found')).toBeTruthy();
  });

  it.each([
    [400, '400 Bad Request'],
    [403, '403 Forbidden'],
    [405, '405 Method Not Allowed'],
  ])('names status %i even without a status text', async (status, expected) => {
    renderAt('/', [
      {
        path: '/',
        ErrorBoundary: RouteErrorScreen,
        loader: () => {
          throw new Response(null, { status });
        },
        Component: () => null,
      },
    ]);
    expect(await screen.findByText(expected)).toBeTruthy();
  });

  it('shows the message of a thrown error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Cannot read the cart');
    }
    renderAt('/', [{ path: '/', ErrorBoundary: RouteErrorScreen, Component: Broken }]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Cannot read the cart')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
