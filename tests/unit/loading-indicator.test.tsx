import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoadingIndicator } from '../../src/app/loading-indicator';
import type { AppServices } from '../../src/services/app-services';
import { trackPendingFetch, type PendingStore } from '../../src/services/pending-store';
import { TestProviders } from './test-providers';

function renderIndicator() {
  let services!: AppServices;
  const router = createMemoryRouter([{ path: '/', Component: LoadingIndicator }]);
  render(
    <TestProviders
      override={(app) => {
        services = app.services;
        return app;
      }}
    >
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return services.pending;
}

/** Starts a request through the counting fetch the API client uses; the result ends it. */
async function request(pending: PendingStore): Promise<() => Promise<void>> {
  let answer!: (response: Response) => void;
  let done!: Promise<unknown>;
  await act(async () => {
    done = trackPendingFetch(pending, () => new Promise<Response>((resolve) => (answer = resolve)))('/api/x');
  });
  return () => act(async () => {
    answer(new Response(null, { status: 204 }));
    await done;
  });
}

const spinner = () => screen.queryByRole('status', { name: 'Loading' });

describe('the full-page spinner', () => {
  it("stays away for the machines' own first requests, then shows from the shopper's first action", async () => {
    const pending = renderIndicator();
    // The machines' first requests (session, cart) behind a page the server rendered.
    const first = await request(pending);
    expect(spinner()).toBeNull();
    await first();
    expect(spinner()).toBeNull();
    // What the shopper asks for from then on.
    fireEvent.pointerDown(document.body);
    const asked = await request(pending);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    await asked();
    expect(spinner()).toBeNull();
  });

  it('does not come up under the first press while a first request is still in flight (the click would land on it)', async () => {
    const pending = renderIndicator();
    const first = await request(pending);
    fireEvent.pointerDown(document.body);
    expect(pending.getSnapshot().context).toMatchObject({ acted: true, count: 1, asked: 0 });
    expect(spinner()).toBeNull();
    // A request started after the press shows it, while the first one is still in flight too.
    const asked = await request(pending);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    await asked();
    expect(spinner()).toBeNull();
    await first();
    expect(pending.getSnapshot().context).toEqual({ count: 0, asked: 0, acted: true });
  });
});
