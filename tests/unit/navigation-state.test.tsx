import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import { backTo, fromOf, withFrom } from '../../src/components/navigation-state';
import { passPreviousLocation } from '../../src/app/router';

const at = (pathname: string, state: unknown = null, search = '', hash = '') => ({ pathname, search, hash, state });

describe('navigation state (section 2: the previous location travels as state)', () => {
  it('adds the current path, query and hash as `from`, keeping the caller state', () => {
    expect(withFrom(undefined, at('/product/product-long/rk-15', null, '?x=1', '#specs'))).toEqual({
      from: '/product/product-long/rk-15?x=1#specs',
    });
    expect(withFrom({ step: 'payment' }, at('/checkout'))).toEqual({ step: 'payment', from: '/checkout' });
  });

  it('keeps a `from` the caller named, and a state that is not a plain object', () => {
    expect(withFrom({ from: '/profile' }, at('/profile/orders'))).toEqual({ from: '/profile' });
    expect(withFrom('opaque', at('/cart'))).toBe('opaque');
    expect(withFrom([1], at('/cart'))).toEqual([1]);
  });

  it("a replacing navigation keeps the replaced entry's `from` (filters in the URL are not a place to go back to)", () => {
    expect(withFrom(undefined, at('/product/collection-filterable-grid/all-rifles', { from: '/' }, '?caliber=308'), true)).toEqual({ from: '/' });
    expect(withFrom(undefined, at('/search/rk', null), true)).toBeUndefined();
  });

  it('reads only in-app paths, and falls back to the parent without one', () => {
    expect(fromOf({ from: '/profile/orders' })).toBe('/profile/orders');
    for (const state of [null, undefined, 'x', { from: 'https://evil.example/' }, { from: '//evil.example' }, { from: 7 }]) {
      expect(fromOf(state)).toBeNull();
      expect(backTo(state, '/profile')).toBe('/profile');
    }
    expect(backTo({ from: '/cart' }, '/profile')).toBe('/cart');
  });
});

describe('passPreviousLocation (the one place every in-app navigation goes through)', () => {
  const routes = ['/', '/a', '/b', '/c'].map((path) => ({ path, element: null }));

  it('every push carries where it started; history moves and replacements behave', async () => {
    const router = passPreviousLocation(createMemoryRouter(routes, { initialEntries: ['/'] }));
    await router.navigate('/a');
    expect(router.state.location.state).toEqual({ from: '/' });
    await router.navigate('/b?q=1', { state: { tab: 2 } });
    expect(router.state.location).toMatchObject({ pathname: '/b', state: { tab: 2, from: '/a' } });
    await router.navigate('/c', { replace: true });
    expect(router.state.location).toMatchObject({ pathname: '/c', state: { from: '/a' } });
    await router.navigate(-1);
    expect(router.state.location).toMatchObject({ pathname: '/a', state: { from: '/' } });
    router.dispose();
  });

  it('a Link and useNavigate() of the app pass it too, with no state written at the call site', async () => {
    function Go() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/c')}>
          Go
        </button>
      );
    }
    const router = passPreviousLocation(
      createMemoryRouter(
        [
          { path: '/', element: <Link to="/a">To A</Link> },
          { path: '/a', element: <Go /> },
          { path: '/c', element: <p>C</p> },
        ],
        { initialEntries: ['/'] },
      ),
    );
    render(<RouterProvider router={router} />);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'To A' })));
    expect(router.state.location).toMatchObject({ pathname: '/a', state: { from: '/' } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Go' })));
    expect(router.state.location).toMatchObject({ pathname: '/c', state: { from: '/a' } });
    router.dispose();
  });
});
