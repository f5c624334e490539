import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { PageScroll } from '../../src/app/page-scroll';
import { bindRouteChanges } from '../../src/app/route-changes';
import { createUiStore } from '../../src/services/ui-store';

// Where a page shows once drawn (shop-core.md section 2, docs/decisions/070).
const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
  window.scrollY = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPages() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <PageScroll />
            <Outlet />
          </>
        ),
        children: ['/', '/faq', '/about-us'].map((path) => ({ path, element: <h1>{path}</h1> })),
      },
    ],
    { initialEntries: ['/'] },
  );
  bindRouteChanges(router as never, createUiStore());
  render(<RouterProvider router={router} />);
  return router;
}

/** The shopper has scrolled to `y` on the page shown. */
function scrolledTo(y: number) {
  window.scrollY = y;
}

describe('PageScroll', () => {
  it('leaves the first page to the browser (a reload keeps its place)', () => {
    renderPages();
    expect(screen.getByRole('heading').textContent).toBe('/');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('shows a new page at its top, at once, once it is drawn', async () => {
    const router = renderPages();
    scrolledTo(1700);
    await act(() => router.navigate('/faq'));
    expect(screen.getByRole('heading').textContent).toBe('/faq');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('returns to where the shopper left a page with Back, and with Forward', async () => {
    const router = renderPages();
    scrolledTo(1700);
    await act(() => router.navigate('/faq'));
    scrolledTo(300);
    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading').textContent).toBe('/');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1700, left: 0, behavior: 'instant' });
    scrolledTo(1700);
    await act(() => router.navigate(1));
    expect(screen.getByRole('heading').textContent).toBe('/faq');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 300, left: 0, behavior: 'instant' });
  });

  it('leaves a location with an anchor to its page (About Us scrolls smoothly to it)', async () => {
    const router = renderPages();
    await act(() => router.navigate('/about-us#careers'));
    expect(screen.getByRole('heading').textContent).toBe('/about-us');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("keeps the scroll for a new query that asks for it (a collection's filter), and scrolls for one that does not", async () => {
    const router = renderPages();
    scrolledTo(900);
    await act(() => router.navigate('/?filter.Action=Semi', { preventScrollReset: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/?page=2'));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('lets the browser restore scroll positions again when the document goes', () => {
    renderPages();
    expect(window.history.scrollRestoration).toBe('manual');
    window.dispatchEvent(new Event('pagehide'));
    expect(window.history.scrollRestoration).toBe('auto');
    window.dispatchEvent(new Event('pageshow'));
    expect(window.history.scrollRestoration).toBe('manual');
  });
});
