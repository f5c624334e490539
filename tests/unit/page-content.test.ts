import { describe, expect, it, vi } from 'vitest';
import { emptyCmsPage, type CmsPage, type CmsPages } from '../../src/api/cms-pages';
import { createPageContent, PAGE_CONTENT_KEY } from '../../src/services/page-content';

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

  describe('in the browser session (issue 22 item 7)', () => {
    function memoryStorage(initial: Record<string, string> = {}) {
      const items = new Map(Object.entries(initial));
      return {
        items,
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      };
    }

    it('a new page load of the session reads a stored page without a request', async () => {
      const storage = memoryStorage();
      const first = createPageContent<CmsPages>({ fetchPage: async (slug) => page(slug), fallback: emptyCmsPage, storage, version: 'v1' });
      await first.load('footer');
      expect(JSON.parse(storage.items.get(PAGE_CONTENT_KEY)!)).toMatchObject({ version: 'v1', pages: { footer: { slug: 'footer' } } });

      const fetchPage = vi.fn(async (slug: CmsPage['slug']) => page(slug));
      const reloaded = createPageContent<CmsPages>({ fetchPage, fallback: emptyCmsPage, storage, version: 'v1' });
      expect(reloaded.peek('footer')).toMatchObject({ slug: 'footer' });
      expect((await reloaded.load('footer')).slug).toBe('footer');
      expect(fetchPage).not.toHaveBeenCalled();
    });

    it("another deploy's content version drops what was stored", async () => {
      const storage = memoryStorage({ [PAGE_CONTENT_KEY]: JSON.stringify({ version: 'v1', pages: { footer: page('footer', { title: 'old' }) } }) });
      const fetchPage = vi.fn(async (slug: CmsPage['slug']) => page(slug, { title: 'new' }));
      const content = createPageContent<CmsPages>({ fetchPage, fallback: emptyCmsPage, storage, version: 'v2' });
      expect(content.peek('footer')).toBeUndefined();
      expect(storage.items.has(PAGE_CONTENT_KEY)).toBe(false);
      expect((await content.load('footer')).title).toBe('new');
      expect(fetchPage).toHaveBeenCalledTimes(1);
    });

    it('a failed load is not stored, and a broken or refused storage only loses the cache', async () => {
      const storage = memoryStorage();
      const failing = createPageContent<CmsPages>({
        fetchPage: () => Promise.reject(new Error('offline')),
        fallback: emptyCmsPage,
        storage,
        version: 'v1',
      });
      await failing.load('footer');
      expect(storage.items.has(PAGE_CONTENT_KEY)).toBe(false);

      const broken = memoryStorage({ [PAGE_CONTENT_KEY]: '{not json' });
      const refused = { getItem: () => null, removeItem: () => {}, setItem: () => { throw new Error('QuotaExceededError'); } };
      for (const store of [broken, refused]) {
        const content = createPageContent<CmsPages>({ fetchPage: async (slug) => page(slug), fallback: emptyCmsPage, storage: store, version: 'v1' });
        expect((await content.load('app')).slug).toBe('app');
        expect(content.peek('app')).toMatchObject({ slug: 'app' });
      }
    });
  });
});
