import { describe, expect, it, vi } from 'vitest';
import { emptyCmsPage, type CmsPage, type CmsPages } from '../../src/features/content/cms-pages';
import { createPageContent } from '../../src/features/content/page-content';

const page = (slug: CmsPage['slug'], extra: Partial<CmsPage> = {}): CmsPage => ({ id: 1, documentId: `doc-${slug}`, slug, title: slug, ...extra });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('page content cache', () => {
  it('concurrent loads of one slug share a single request', async () => {
    const home = deferred<CmsPage>();
    const fetchPage = vi.fn(() => home.promise);
    const content = createPageContent<CmsPages>({ fetchPage, fallback: emptyCmsPage });

    const first = content.load('home');
    const second = content.load('home');
    await Promise.resolve();
    expect(fetchPage).toHaveBeenCalledTimes(1);

    home.resolve(page('home', { home_carousel_cards: [] }));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(a.slug).toBe('home');
  });

  it('loads a slug once per session and serves later loads from the cache', async () => {
    const fetchPage = vi.fn(async (slug: CmsPage['slug']) => page(slug));
    const content = createPageContent<CmsPages>({ fetchPage, fallback: emptyCmsPage });

    await content.load('app');
    await content.load('app');
    await content.load('footer');
    expect(fetchPage.mock.calls.map(([slug]) => slug)).toEqual(['app', 'footer']);
    expect(content.peek('app')?.documentId).toBe('doc-app');
  });

  it('a failed load falls back to empty default content, never rejects, and is retried later', async () => {
    const onError = vi.fn();
    const fetchPage = vi
      .fn<(slug: CmsPage['slug']) => Promise<CmsPage>>()
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockImplementation(async (slug) => page(slug, { title: 'Footer' }));
    const content = createPageContent<CmsPages>({ fetchPage, fallback: emptyCmsPage, onError });

    const [a, b] = await Promise.all([content.load('footer'), content.load('footer')]);
    expect(a).toEqual(emptyCmsPage('footer'));
    expect(b).toEqual(emptyCmsPage('footer'));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('footer', expect.any(Error));
    expect(content.peek('footer')).toBeUndefined();

    const retried = await content.load('footer');
    expect(retried.title).toBe('Footer');
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('a fetcher that throws synchronously still falls back', async () => {
    const fetchPage = vi.fn(() => {
      throw new Error('boom');
    });
    const content = createPageContent<CmsPages>({ fetchPage, fallback: emptyCmsPage });
    await expect(content.load('home')).resolves.toEqual(emptyCmsPage('home'));
  });
});
