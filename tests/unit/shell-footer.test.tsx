import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from '../../src/app/footer';
import { PAGE_TOP_ID } from '../../src/app/header';
import { mapFooter } from '../../src/domain/map-shell';
import type { CmsPage } from '../../src/api/cms-pages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const content = mapFooter({
  logo: { url: '/media/brand/logo.svg' },
  nav_links: ['Rifles', 'Pistols', 'Apparel', 'Accessories', 'About Us', 'FAQ', 'Warranty'].map((title, id) => ({
    id,
    title,
    url: `/${title.toLowerCase().replace(/ /g, '-')}`,
  })),
  social_links: [{ id: 1, title: 'Instagram', url: 'https://instagram.example/ridgeline', icon: { url: '/media/icons/ig.svg' } }],
  bottom_texts: [
    { id: 1, text: '© 2026 Ridgeline Arms, LLC.', url: null },
    { id: 2, text: 'Patents', url: '/patents' },
  ],
  download_asset: { title: 'Download the 2026 Catalog', file: { url: '/media/downloads/catalog.pdf' } },
  newsletter: { heading: 'The Ridgeline Dispatch', text: 'New releases, about twice a month.' },
} as unknown as CmsPage);

function renderFooter() {
  render(
    <MemoryRouter>
      <header id={PAGE_TOP_ID} tabIndex={-1}>
        top
      </header>
      <Footer content={content} />
    </MemoryRouter>,
  );
  return screen.getByRole('contentinfo');
}

describe('footer (spec section 2, "Footer")', () => {
  it('shows the link columns in 3 groups, in order', () => {
    const footer = renderFooter();
    const nav = within(footer).getByRole('navigation', { name: 'Footer' });
    const columns = within(nav).getAllByRole('list').map((list) => within(list).getAllByRole('link').map((link) => link.textContent));
    expect(columns).toEqual([
      ['Rifles', 'Pistols', 'Apparel'],
      ['Accessories', 'About Us', 'FAQ'],
      ['Warranty'],
    ]);
  });

  it('shows the newsletter heading and text with the slot the sign-up form mounts into', () => {
    const footer = renderFooter();
    const heading = within(footer).getByRole('heading', { level: 2, name: 'The Ridgeline Dispatch' });
    expect(within(footer).getByText('New releases, about twice a month.')).toBeTruthy();
    const slot = footer.querySelector('[data-slot="newsletter-signup"]');
    expect(slot).not.toBeNull();
    expect(heading.closest('div')?.parentElement?.contains(slot)).toBe(true);
  });

  it('shows social links with icons, the download guide and the bottom texts', () => {
    const footer = renderFooter();
    const social = within(footer).getByRole('link', { name: 'Instagram (opens in a new tab)' });
    expect(social.getAttribute('href')).toBe('https://instagram.example/ridgeline');
    expect(social.getAttribute('target')).toBe('_blank');
    expect(social.querySelector('img')?.getAttribute('src')).toBe('/media/icons/ig.svg');
    const download = within(footer).getByRole('link', { name: 'Download the 2026 Catalog' });
    expect(download.getAttribute('href')).toBe('/media/downloads/catalog.pdf');
    expect(download.hasAttribute('download')).toBe(true);
    expect(within(footer).getByText('© 2026 Ridgeline Arms, LLC.')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Patents' }).getAttribute('href')).toBe('/patents');
  });

  it('back to top jumps to the top (a smooth scroll could be dropped) and moves focus to the top of the page', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const footer = renderFooter();
    fireEvent.click(within(footer).getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    expect(document.activeElement?.id).toBe(PAGE_TOP_ID);
    vi.unstubAllGlobals();
  });

  it('has a Cookie preferences button that reopens the consent choice (issue 18 item 8)', () => {
    const onCookiePreferences = vi.fn();
    render(
      <MemoryRouter>
        <Footer content={mapFooter(null)} onCookiePreferences={onCookiePreferences} />
      </MemoryRouter>,
    );
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie preferences' }));
    expect(onCookiePreferences).toHaveBeenCalledTimes(1);
  });

  it('renders without content (failed page load) and keeps back-to-top', () => {
    render(
      <MemoryRouter>
        <Footer content={mapFooter(null)} />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('navigation')).toBeNull();
    expect(within(footer).getByRole('button', { name: 'Back to top' })).toBeTruthy();
  });
});
