import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createApiClient } from '../../src/api/client';
import type { AppServices } from '../../src/services/app-services';
import { AppProviders, type AppActors } from '../../src/services/providers';
import { formatReviewDate, mapReviews, summarizeReviews, type Review } from '../../src/components/reviews/map-reviews';
import { ReviewWidget } from '../../src/components/reviews/review-widget';
import { ReviewsScreen } from '../../src/features/reviews/reviews-screen';
import { createReviewsLoader } from '../../src/features/reviews/reviews-loader';

afterEach(cleanup);

const review = (over: Partial<Review>): Review => ({
  id: 1,
  productId: 'rp-9-compact',
  productTitle: 'RP-9 Compact',
  rating: 5,
  title: 'My everyday carry now',
  body: 'Points naturally.',
  authorName: 'Olivia S.',
  verifiedBuyer: true,
  createdAt: '2026-11-10T15:15:00.000Z',
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An API client over a fake network that answers by path. */
function fakeApi(answer: (url: URL) => Response | Promise<Response>) {
  const calls: URL[] = [];
  const api = createApiClient({
    baseUrl: 'http://shop.test/api',
    getAccessToken: () => null,
    getGuestId: () => null,
    fetch: async (request) => {
      const url = new URL(request.url);
      calls.push(url);
      return answer(url);
    },
  });
  return { api, calls };
}

function renderWidget(api: ReturnType<typeof fakeApi>['api'], props: Parameters<typeof ReviewWidget>[0] = {}) {
  const router = createMemoryRouter([{ path: '/', element: <ReviewWidget {...props} /> }]);
  return render(
    <AppProviders services={{ api } as AppServices} actors={{} as AppActors}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('review mapping', () => {
  it('skips unusable reviews and clamps ratings', () => {
    const views = mapReviews([
      review({ id: 1, rating: 7 }),
      review({ id: 2, rating: 0 }),
      null,
      { ...review({ id: 3 }), rating: Number.NaN },
      review({ id: 4, title: '', body: '' }),
      { ...review({ id: 5 }), authorName: undefined as unknown as string },
    ]);
    expect(views.map((r) => [r.id, r.rating])).toEqual([
      [1, 5],
      [2, 1],
      [5, 5],
    ]);
    expect(views[2].authorName).toBe('Anonymous');
  });

  it('summarizes the average and the spread of ratings', () => {
    const summary = summarizeReviews(mapReviews([review({ rating: 5 }), review({ rating: 4 }), review({ rating: 4 }), review({ rating: 2 })]));
    expect(summary).toEqual({ count: 4, average: 3.8, distribution: [1, 2, 0, 1, 0] });
    expect(summarizeReviews([])).toEqual({ count: 0, average: 0, distribution: [0, 0, 0, 0, 0] });
  });

  it('formats the review date in UTC', () => {
    expect(formatReviewDate('2026-11-15T23:30:00Z')).toBe('November 15, 2026');
    expect(formatReviewDate('not a date')).toBe('');
  });
});

describe('ReviewWidget', () => {
  it("loads the product's reviews and shows the summary and the list", async () => {
    const { api, calls } = fakeApi(() =>
      json([review({ id: 1, rating: 5 }), review({ id: 2, rating: 4, title: 'Stiff magazines', authorName: 'Frank E.', verifiedBuyer: false })]),
    );
    renderWidget(api, { productId: 'rp-9-compact', title: 'Owner Reviews' });

    const section = await screen.findByRole('region', { name: 'Owner Reviews' });
    expect(await within(section).findByText('Based on 2 reviews')).toBeTruthy();
    expect(within(section).getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'Stiff magazines' })).toBeTruthy();
    expect(within(section).getByText('Frank E.')).toBeTruthy();
    expect(within(section).getAllByText('November 10, 2026')).toHaveLength(2);
    expect(calls).toHaveLength(1);
    expect(calls[0].pathname).toBe('/api/Reviews');
    expect(calls[0].searchParams.get('productId')).toBe('rp-9-compact');
  });

  it('shows an empty state when the product has no reviews', async () => {
    const { api } = fakeApi(() => json([]));
    renderWidget(api, { productId: 'new-product' });
    expect(await screen.findByText('No reviews yet. Be the first to share your experience.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Customer Reviews' })).toBeTruthy();
  });

  it('says so when the reviews cannot be loaded, without breaking', async () => {
    const { api } = fakeApi(() => json({ status: 500, title: 'Internal Server Error', message: 'down' }, 500));
    renderWidget(api, { productId: 'rp-9-compact' });
    expect(await screen.findByText(/Reviews could not be loaded/)).toBeTruthy();
  });
});

describe('customer reviews page', () => {
  it('lists the newest reviews with their product links', async () => {
    const { api, calls } = fakeApi((url) => {
      if (url.pathname === '/api/Reviews') {
        return json([review({ id: 1 }), review({ id: 2, productId: 'topo-hoodie', productTitle: 'Topo Hoodie', rating: 4, title: 'Cozy' })]);
      }
      if (url.pathname === '/api/cms/products/rp-9-compact') {
        return json({ data: { documentId: 'rp-9-compact', display_type: 'product-short' }, meta: {} });
      }
      return json({ status: 404, title: 'Not Found', message: 'no such product' }, 404);
    });
    const router = createMemoryRouter([{ path: '/reviews', loader: createReviewsLoader(api), Component: ReviewsScreen }], {
      initialEntries: ['/reviews'],
    });
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeTruthy();
    expect(screen.getByText('Based on 2 reviews')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'RP-9 Compact' }).getAttribute('href')).toBe('/product/product-short/rp-9-compact');
    // A product whose content cannot be loaded keeps its title, without a link.
    expect(screen.getByText('Topo Hoodie')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Topo Hoodie' })).toBeNull();
    expect(calls.find((u) => u.pathname === '/api/Reviews')?.searchParams.get('productId')).toBeNull();
  });

  it('renders its empty state when the reviews fail to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = fakeApi(() => json({ status: 503, title: 'Unavailable', message: 'down' }, 503));
    const router = createMemoryRouter([{ path: '/reviews', loader: createReviewsLoader(api), Component: ReviewsScreen }], {
      initialEntries: ['/reviews'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(/Reviews could not be loaded/)).toBeTruthy();
    expect(await createReviewsLoader(undefined)()).toEqual({ reviews: [], productUrls: {}, failed: false });
  });
});
