/**
 * Content-page loading (catalogue-and-content.md sections 4, 8 and 9): a cms page is loaded once
 * per session and cached by slug; concurrent loads of one slug share a single request (the
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
}

export interface PageContent<TPages> {
  load<TSlug extends keyof TPages & string>(slug: TSlug): Promise<TPages[TSlug]>;
  /** Cached content, if the slug has loaded successfully. */
  peek<TSlug extends keyof TPages & string>(slug: TSlug): TPages[TSlug] | undefined;
}

export function createPageContent<TPages>(options: PageContentOptions<TPages>): PageContent<TPages> {
  const { fetchPage, fallback, onError } = options;
  const inFlight = new Map<string, Promise<unknown>>();
  const loaded = new Map<string, unknown>();

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
