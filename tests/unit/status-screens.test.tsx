import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
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
