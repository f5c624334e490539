import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mapNavigation } from '../../src/domain/map-shell';
import { MegaMenu } from '../../src/app/mega-menu';
import type { CmsPage } from '../../src/api/cms-pages';

afterEach(cleanup);

const menus = mapNavigation({
  main_navigation: [
    {
      id: 1,
      title: 'Rifles',
      url: '/rifles',
      categories: [
        { id: 2, title: 'All Rifles', url: '/rifles' },
        { id: 3, title: 'Receivers', url: '/receivers' },
      ],
      child_navigations: [
        {
          id: 4,
          title: 'RK-15 Carbine',
          subtitle: 'The one to start with',
          url: '/rk-15',
          image: { url: '/media/rk15.svg' },
          hover_image: { url: '/media/rk15--hover.svg' },
        },
      ],
    },
    { id: 5, title: 'Pistols', url: '/pistols', categories: [{ id: 6, title: 'All Pistols', url: '/pistols' }], child_navigations: [] },
  ],
} as unknown as CmsPage);

function renderMenu() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        Component: () => (
          <>
            <MegaMenu menus={menus} />
            <button type="button">Elsewhere</button>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * What a browser fires when a pointer moves onto / off an element: over/out (bubbling) and
 * enter/leave (on each element entered or left), so the test does not depend on which of them the
 * renderer listens to (React derives enter/leave from over/out; Preact takes the browser's,
 * decision 024). jsdom has no PointerEvent, so the pointer type is set on a MouseEvent.
 */
function pointer(type: 'pointerover' | 'pointerout', target: Element, pointerType: string, relatedTarget: Element | null = null) {
  const fire = (on: Element, name: string, bubbles: boolean) => {
    const event = new MouseEvent(name, { bubbles, cancelable: true, relatedTarget });
    Object.defineProperty(event, 'pointerType', { value: pointerType });
    fireEvent(on, event);
  };
  fire(target, type, true);
  // enter/leave go to the target and each ancestor the pointer entered or left.
  for (let node: Element | null = target; node && !(relatedTarget && node.contains(relatedTarget)); node = node.parentElement) {
    fire(node, type === 'pointerover' ? 'pointerenter' : 'pointerleave', false);
  }
}

const trigger = (name: string) => screen.getByRole('button', { name });
const frame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('desktop mega menu (spec section 2, "Header")', () => {
  it('renders one closed disclosure button per menu inside the Main navigation', () => {
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('button').map((button) => button.textContent)).toEqual(['Rifles', 'Pistols']);
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'All Rifles' })).toBeNull();
  });

  it('opens on click with categories, cards and a shop-all link; a second click closes', () => {
    renderMenu();
    fireEvent.click(trigger('Rifles'));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(trigger('Rifles').getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'All Rifles' }).getAttribute('href')).toBe('/rifles');
    expect(within(panel).getByRole('link', { name: /RK-15 Carbine\s*The one to start with/ }).getAttribute('href')).toBe('/rk-15');
    expect(within(panel).getByRole('link', { name: 'Shop all Rifles' }).getAttribute('href')).toBe('/rifles');
    // The card carries both images; CSS swaps in the hover image on hover and focus.
    expect([...panel.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/media/rk15.svg', '/media/rk15--hover.svg']);
    fireEvent.click(trigger('Rifles'));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
  });

  it('opening another menu closes the first', () => {
    renderMenu();
    fireEvent.click(trigger('Rifles'));
    fireEvent.click(trigger('Pistols'));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
    expect(trigger('Pistols').getAttribute('aria-expanded')).toBe('true');
  });

  it('ArrowDown opens and moves focus to the first link; Escape closes and returns focus', async () => {
    renderMenu();
    trigger('Rifles').focus();
    fireEvent.keyDown(trigger('Rifles'), { key: 'ArrowDown' });
    await frame();
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'All Rifles' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger('Rifles'));
  });

  it('closes when focus leaves the menu', () => {
    renderMenu();
    fireEvent.click(trigger('Rifles'));
    const link = screen.getByRole('link', { name: 'All Rifles' });
    fireEvent.blur(link, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open while focus moves inside the menu', () => {
    renderMenu();
    fireEvent.click(trigger('Rifles'));
    fireEvent.blur(screen.getByRole('link', { name: 'All Rifles' }), { relatedTarget: screen.getByRole('link', { name: 'Receivers' }) });
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('true');
  });

  it('opens on mouse hover and closes after the pointer leaves', async () => {
    renderMenu();
    pointer('pointerover', trigger('Rifles'), 'mouse');
    // Hover intent: a short delay before the first menu opens.
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('true');
    pointer('pointerout', trigger('Rifles'), 'mouse', screen.getByRole('button', { name: 'Elsewhere' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
  });

  it('a pointer only crossing the bar opens nothing', async () => {
    renderMenu();
    pointer('pointerover', trigger('Rifles'), 'mouse');
    pointer('pointerout', trigger('Rifles'), 'mouse', screen.getByRole('button', { name: 'Elsewhere' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
  });

  it('ignores touch "hover" so a tap opens the menu instead of toggling it shut', async () => {
    renderMenu();
    pointer('pointerover', trigger('Rifles'), 'touch');
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger('Rifles'));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on a route change', async () => {
    const router = renderMenu();
    fireEvent.click(trigger('Rifles'));
    await act(() => router.navigate('/rifles'));
    expect(trigger('Rifles').getAttribute('aria-expanded')).toBe('false');
  });
});
