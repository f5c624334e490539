import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Breadcrumbs, type BreadcrumbItem } from '../../src/components/breadcrumbs';

afterEach(cleanup);

function renderAt(items: BreadcrumbItem[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/product/collection-cards/rifles', element: <Breadcrumbs items={items} /> },
    ],
    { initialEntries: ['/product/collection-cards/rifles'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const trail: BreadcrumbItem[] = [
  { title: 'Home', url: '/' },
  { title: 'Rifles', url: '/product/collection-cards/rifles' },
];

describe('Breadcrumbs', () => {
  it('is an ordered list in a breadcrumb landmark; the last item is the current page, not a link', () => {
    renderAt(trail);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const current = within(nav).getByText('Rifles');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.closest('a')).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });

  it('navigates to an earlier item when clicked', () => {
    const router = renderAt(trail);
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('renders an item with an unsafe link as text, and nothing for an empty trail', () => {
    renderAt([{ title: 'Bad', url: 'javascript:alert(1)' }, ...trail]);
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(screen.getByText('Bad')).toBeTruthy();
    cleanup();
    renderAt([]);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
