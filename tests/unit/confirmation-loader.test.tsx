import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/session.machine';
import { createApiClient } from '../../src/api/client';
import { RouteErrorScreen } from '../../src/app/route-error-screen';
import { createConfirmationLoader } from '../../src/features/checkout/checkout-loaders';

afterEach(cleanup);

/** A session that has settled with nobody signed in (what the loader waits for). */
const anonymousSession = {
  getSnapshot: () => ({ matches: (state: string) => state === 'anonymous', status: 'active' }),
  subscribe: () => ({ unsubscribe: () => undefined }),
} as unknown as ActorRefFrom<typeof sessionMachine>;

function fakeApi(answer: (url: URL) => Response) {
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

function renderConfirmation(api: ReturnType<typeof fakeApi>['api'], url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/confirm/:orderId',
        loader: createConfirmationLoader(api, anonymousSession),
        Component: () => <p>order loaded</p>,
        ErrorBoundary: RouteErrorScreen,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('the confirmation loader (decision 032)', () => {
  it("passes the mail link's t to GET /Order/{orderId}", async () => {
    const { api, calls } = fakeApi(() => Response.json({ id: 42 }));
    renderConfirmation(api, '/confirm/42?t=42.123.abc');
    expect(await screen.findByText('order loaded')).toBeTruthy();
    expect(calls.map((u) => `${u.pathname}${u.search}`)).toEqual(['/api/Order/42?t=42.123.abc']);
  });

  it('sends no t without one', async () => {
    const { api, calls } = fakeApi(() => Response.json({ id: 42 }));
    renderConfirmation(api, '/confirm/42');
    await screen.findByText('order loaded');
    expect(calls.map((u) => `${u.pathname}${u.search}`)).toEqual(['/api/Order/42']);
  });

  it("shows the API's 404 as the error screen with its status line and message", async () => {
    const { api } = fakeApi(() => Response.json({ status: 404, message: 'Order not found' }, { status: 404, statusText: 'Not Found' }));
    renderConfirmation(api, '/confirm/42?t=forged');
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
    expect(screen.getByText('Order not found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
  });
});
