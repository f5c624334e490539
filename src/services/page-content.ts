/**
 * Content-page loading (catalogue-and-content.md sections 4, 8 and 9): a cms page is loaded once
 * per browser session and cached by slug, in memory and in session storage (issue 22 item 7), so a
 * reload or a new tab of the session reads it without a request; the stored pages carry the
 * content version of the deploy that served them, and another version drops them all; concurrent loads of one slug share a single request (the
 * original polled a shared in-flight flag every 100 ms; a shared promise gives the same effect
 * without the wait); a failed load falls back to the page's empty default content, never an
 * error, and is retried by the next load. Used from route loaders, never from views.
 */

export type FetchPage<TPages> = <TSlug extends keyof TPages & string>(slug: TSlug) => Promise<TPages[TSlug]>;

export interface PageContentOptions<TPages> {
  fetchPage: FetchPage<TPages>;
  /** Empty content for a slug, used when its load fails. */
  fallback: <TSlug extends keyof TPages & string>(slug: TSlug) => TPages[TSlug];
  /** Told about a failed load (logging); the caller still gets the fallback. */
  onError?: (slug: string, error: unknown) => void;
  /** Session storage; absent on the server and where storage is refused. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The deployed content's version (runtime settings); stored pages of another one are dropped. */
  version?: string;
}

/** Session storage key of the cached pages: `{ version, pages: { [slug]: content } }`. */
export const PAGE_CONTENT_KEY = 'shop.pageContent';

interface StoredPages {
  version: string;
  pages: Record<string, unknown>;
}

/** The stored pages of this version; anything else (another deploy, a bad entry) is removed. */
function readStored(storage: PageContentOptions<unknown>['storage'], version: string): Map<string, unknown> {
  try {
    const raw = storage?.getItem(PAGE_CONTENT_KEY);
    if (!raw) return new Map();
    const stored = JSON.parse(raw) as Partial<StoredPages> | null;
    if (stored?.version === version && stored.pages && typeof stored.pages === 'object') return new Map(Object.entries(stored.pages));
    storage?.removeItem(PAGE_CONTENT_KEY);
  } catch {
    // Unreadable or refused storage: the memory cache still works.
  }
  return new Map();
}

export interface PageContent<TPages> {
  load<TSlug extends keyof TPages & string>(slug: TSlug): Promise<TPages[TSlug]>;
  /** Cached content, if the slug has loaded successfully. */
  peek<TSlug extends keyof TPages & string>(slug: TSlug): TPages[TSlug] | undefined;
}

export function createPageContent<TPages>(options: PageContentOptions<TPages>): PageContent<TPages> {
  const { fetchPage, fallback, onError, storage, version = '' } = options;
  const inFlight = new Map<string, Promise<unknown>>();
  const loaded = readStored(storage, version);
  const store = () => {
    try {
      storage?.setItem(PAGE_CONTENT_KEY, JSON.stringify({ version, pages: Object.fromEntries(loaded) } satisfies StoredPages));
    } catch {
      // Full or refused storage: this page load keeps its memory cache.
    }
  };

  function load<TSlug extends keyof TPages & string>(slug: TSlug): Promise<TPages[TSlug]> {
    if (loaded.has(slug)) return Promise.resolve(loaded.get(slug) as TPages[TSlug]);
    const pending = inFlight.get(slug);
    if (pending) return pending as Promise<TPages[TSlug]>;

    // Always asynchronous, so even a fetcher that throws synchronously is deduplicated and retried.
    const request = Promise.resolve()
      .then(() => fetchPage(slug))
      .then(
        (content) => {
          loaded.set(slug, content);
          // Failures are never stored: the fallback is not content.
          store();
          return content;
        },
        (error: unknown) => {
          onError?.(slug, error);
          return fallback(slug);
        },
      )
      .finally(() => inFlight.delete(slug));
    inFlight.set(slug, request);
    return request;
  }

  return {
    load,
    peek: (slug) => loaded.get(slug) as TPages[typeof slug] | undefined,
  };
}
