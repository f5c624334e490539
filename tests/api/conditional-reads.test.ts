import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { rawGet } from '../support/raw-http';
import { etagMatches, PreparedJson } from '../../server/src/contract/prepared-json';

/**
 * Catalogue reads are serialized once and answered with an ETag; a request naming it gets 304
 * without a body (issue 21 item 1).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function productId(): Promise<string> {
  const found = await (await fetch(`${server.api}/cms/products/search/rk`)).json();
  return found.data[0].documentId as string;
}

describe('conditional catalogue reads', () => {
  it.each([
    ['a content page', async () => '/cms/page/home'],
    ['a product document', async () => `/cms/products/${await productId()}`],
    ['the price map', async () => '/Products'],
  ])('%s answers with an ETag, 304 when it is named, 200 with the same bytes otherwise', async (_, pathOf) => {
    const path = await pathOf();
    const first = await fetch(`${server.api}${path}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await first.text();
    expect(() => JSON.parse(body)).not.toThrow();

    const again = await fetch(`${server.api}${path}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const listed = await fetch(`${server.api}${path}`, { headers: { 'if-none-match': `"other", ${etag!.slice(2)}` } });
    expect(listed.status).toBe(304);

    const stale = await fetch(`${server.api}${path}`, { headers: { 'if-none-match': 'W/"not-this-one"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(body);

    const head = await fetch(`${server.api}${path}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('an unknown document is still 404 with a problem body and no ETag', async () => {
    const missing = await fetch(`${server.api}/cms/products/no-such-product`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    expect((await missing.json()).status).toBe(404);
  });

  it('the personal and uncached reads keep no-store', async () => {
    const nocache = await fetch(`${server.api}/Products/nocache`);
    expect(nocache.headers.get('cache-control')).toBe('no-store');
    expect(nocache.headers.get('etag')).toBeNull();
  });
});


describe('compressed catalogue reads', () => {
  it.each([
    ['a product document', async () => `/cms/products/${await productId()}`],
    ['the price map', async () => '/Products'],
  ])('%s is sent as brotli or gzip when the client accepts it, the same JSON and ETag', async (_, pathOf) => {
    const url = `${server.api}${await pathOf()}`;
    const plain = await rawGet(url, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const json = plain.body.toString('utf8');

    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json);
    expect(br.body.length).toBeLessThan(json.length / 3);

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(json);
    // Kept compressed: the second answer is the same bytes.
    expect((await rawGet(url, { 'accept-encoding': 'gzip' })).body.equals(gzip.body)).toBe(true);

    const notModified = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('an answer under 1 kB is not worth compressing', () => {
    expect(new PreparedJson({ id: 1, name: 'small' }).compressible).toBe(false);
    expect(new PreparedJson({ text: 'x'.repeat(1024) }).compressible).toBe(true);
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists, and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abcd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
    expect(etagMatches('', 'W/"abc"')).toBe(false);
  });
});
