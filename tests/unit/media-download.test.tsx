import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from './test-providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { downloadFile, DownloadError, saveBlob } from '../../src/features/media-library/download-file';
import { MediaLibraryScreen } from '../../src/features/media-library/media-library-screen';
import { mapMediaLibrary, type MediaLibraryContent } from '../../src/features/media-library/map-media-library';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('downloadFile', () => {
  it('fetches the file and saves the blob under its name', async () => {
    const fetch = vi.fn(async () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }));
    const save = vi.fn();
    await downloadFile('/media/downloads/rk-15-owners-manual.pdf', 'rk-15-owners-manual.pdf', { fetch, save });
    expect(fetch).toHaveBeenCalledWith('/media/downloads/rk-15-owners-manual.pdf', { credentials: 'same-origin' });
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('rk-15-owners-manual.pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });

  it('rejects without saving when the answer is not a file', async () => {
    const save = vi.fn();
    await expect(
      downloadFile('/media/x.pdf', 'x.pdf', { fetch: async () => new Response('missing', { status: 404 }), save }),
    ).rejects.toEqual(new DownloadError('The file could not be downloaded (status 404).', 404));
    await expect(
      downloadFile('/media/x.pdf', 'x.pdf', { fetch: () => Promise.reject(new TypeError('offline')), save }),
    ).rejects.toBeInstanceOf(DownloadError);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves through an object URL and a download link, released afterwards', () => {
    vi.useFakeTimers();
    const createObjectURL = vi.fn(() => 'blob:http://shop.test/1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    saveBlob(new Blob(['x']), 'guide.pdf');
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe('guide.pdf');
    expect(clicks[0].href).toBe('blob:http://shop.test/1');
    expect(clicks[0].isConnected).toBe(false);
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://shop.test/1');
    vi.useRealTimers();
  });
});

const media = (url: string, alternativeText = '') => ({ url, alternativeText });

function renderLibrary(content: MediaLibraryContent) {
  const router = createMemoryRouter([{ path: '/media-library', loader: () => content, Component: MediaLibraryScreen }], {
    initialEntries: ['/media-library'],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('media library screen', () => {
  const content = mapMediaLibrary({
    catalog: media('/media/downloads/catalog.pdf', '2026 Product Catalog'),
    download_categories: [{ id: 1, title: "Owner's Manuals", downloads: [{ id: 2, title: 'RK-15 Manual', file: media('/media/downloads/rk-15.pdf') }] }],
    form_image: media('/media/banners/request.svg', 'Request product images'),
  });

  it('shows a busy button while the file is fetched, then an error notice when it fails', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderLibrary(content);

    fireEvent.click(await screen.findByRole('button', { name: 'Download RK-15 Manual' }));
    const busy = screen.getByRole('button', { name: 'Downloading RK-15 Manual' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    // A second click while busy does not fetch the file twice.
    fireEvent.click(busy);
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => answer(new Response('gone', { status: 500 })));
    expect((await screen.findByRole('alert')).textContent).toContain('RK-15 Manual could not be downloaded');
    expect(screen.getByRole('button', { name: 'Download RK-15 Manual' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders the categories, the catalog and the image request section with its form slot', async () => {
    renderLibrary(content);
    expect(await screen.findByRole('heading', { level: 1, name: 'Media Library' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: "Owner's Manuals" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Catalog' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Request Product Images' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Request product images' })).toBeTruthy();
    expect(document.querySelectorAll('[data-slot="image-request"]')).toHaveLength(1);
  });

  it('renders its empty default without downloads', async () => {
    renderLibrary(mapMediaLibrary(null));
    expect(await screen.findByText('Downloads are not available right now. Please check back soon.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download Catalog' })).toBeNull();
  });
});
