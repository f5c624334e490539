import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoadingIndicator } from '../../src/app/loading-indicator';
import type { AppServices } from '../../src/services/app-services';
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

describe('the full-page spinner', () => {
  it("stays away for the machines' own first requests, then shows from the shopper's first action", async () => {
    const pending = renderIndicator();
    // The machines' first requests (session, cart) behind a page the server rendered.
    act(() => pending.trigger.started());
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    act(() => pending.trigger.settled());
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    // What the shopper asks for from then on.
    fireEvent.pointerDown(document.body);
    act(() => pending.trigger.started());
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    act(() => pending.trigger.settled());
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });
});
