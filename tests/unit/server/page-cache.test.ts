// @vitest-environment node
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { PageCache, renderPage, type PageRenderer, type PageSource } from '../../../server/src/ssr';

/*
 * Server-rendered pages kept by their key (decision 060): React renders a page once per distinct
 * URL and loader data; the same key is answered from the cache, another key is rendered again.
 */

const app = { config: loadConfig({ PUBLIC_URL: 'http://shop.test' }) } as unknown as FastifyInstance;

/** A renderer whose page key and HTML the test sets, counting React renders. */
function fakeRenderer(page: { key: string; status?: number; html?: string }) {
  const counts = { renders: 0 };
  const renderer: PageRenderer = {
    render: async () => ({
      kind: 'page',
      status: page.status ?? 200,
      key: page.key,
      html: async () => {
        counts.renders += 1;
        return { status: page.status ?? 200, body: Readable.from([page.html ?? `<p>${page.key} #${counts.renders}</p>`]) };
      },
    }),
  };
  return { renderer, counts };
}

const get = (source: PageSource, headers: Record<string, string> = {}, method = 'GET') =>
  renderPage(app, source, { url: '/product/product-long/rk-15-carbine', method, headers });

describe('server-rendered pages kept by their key', () => {
  it('renders a key once and answers it again from the cache, byte for byte, with the same validator', async () => {
    const page = { key: 'rk-15 $1,299' };
    const { renderer, counts } = fakeRenderer(page);
    const source: PageSource = { renderer, template: '', cache: new PageCache() };
    const first = await get(source);
    const second = await get(source);
    expect(counts.renders).toBe(1);
    expect(second.body?.toString()).toBe(first.body?.toString());
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
  });

  it('renders again when the loader data (and so the key) changes: a new price is never served stale', async () => {
    const page = { key: 'rk-15 $1,299' };
    const { renderer, counts } = fakeRenderer(page);
    const source: PageSource = { renderer, template: '', cache: new PageCache() };
    const before = await get(source);
    page.key = 'rk-15 $1,199';
    const after = await get(source);
    expect(counts.renders).toBe(2);
    expect(after.body?.toString()).toContain('$1,199');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('renders every request without a cache (development, PAGE_CACHE_BYTES=0)', async () => {
    const { renderer, counts } = fakeRenderer({ key: 'same' });
    const source: PageSource = { renderer, template: '' };
    await get(source);
    await get(source);
    expect(counts.renders).toBe(2);
  });

  it('never keeps a failed render', async () => {
    const { renderer, counts } = fakeRenderer({ key: 'broken', status: 500 });
    const source: PageSource = { renderer, template: '', cache: new PageCache() };
    expect((await get(source)).status).toBe(500);
    expect((await get(source)).status).toBe(500);
    expect(counts.renders).toBe(2);
  });

  it('never keeps a 404 page: each names the address asked for, and anyone could fill the cache with them (decision 074)', async () => {
    const { renderer, counts } = fakeRenderer({ key: 'unknown product', status: 404 });
    const source: PageSource = { renderer, template: '', cache: new PageCache() };
    expect((await get(source)).status).toBe(404);
    expect((await get(source)).status).toBe(404);
    expect(counts.renders).toBe(2);
    expect(source.cache?.size).toBe(0);
  });

  it('drops a page older than its age limit', async () => {
    let now = 0;
    const { renderer, counts } = fakeRenderer({ key: 'same' });
    const source: PageSource = { renderer, template: '', cache: new PageCache(1024 * 1024, 60_000, () => now) };
    await get(source);
    now = 59_000;
    await get(source);
    expect(counts.renders).toBe(1);
    now = 121_000;
    await get(source);
    expect(counts.renders).toBe(2);
  });

  it('holds at most its byte limit, dropping the least recently used page first', async () => {
    const cache = new PageCache(2_500);
    const page = { key: 'a', html: 'x'.repeat(1_000) };
    const { renderer, counts } = fakeRenderer(page);
    const source: PageSource = { renderer, template: '', cache };
    for (const key of ['a', 'b', 'a', 'c']) {
      page.key = key;
      await get(source);
    }
    // a, b, c rendered; b was used least recently when c arrived, so it went.
    expect(counts.renders).toBe(3);
    expect(cache.size).toBe(2);
    page.key = 'a';
    await get(source);
    expect(counts.renders).toBe(3);
    page.key = 'b';
    await get(source);
    expect(counts.renders).toBe(4);
  });

  it('answers 304 without a body to any matching validator, HEAD without a body, and each encoding it is asked for', async () => {
    const html = `<main>${'RK-15 Carbine '.repeat(200)}</main>`;
    const { renderer, counts } = fakeRenderer({ key: 'same', html });
    const source: PageSource = { renderer, template: '', cache: new PageCache() };
    const plain = await get(source);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const notModified = await get(source, { 'if-none-match': `"other", ${etag}` });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();

    const head = await get(source, {}, 'HEAD');
    expect(head.body).toBeUndefined();
    expect(head.headers['content-length']).toBe(Buffer.byteLength(html));

    const br = await get(source, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body!).toString()).toBe(html);
    const gzip = await get(source, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body!).toString()).toBe(html);
    expect(br.headers.etag).toBe(etag);
    expect(counts.renders).toBe(1);
  });
});
