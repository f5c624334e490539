import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { rawGet, type RawAnswer } from '../support/raw-http';
import { acceptedEncodings, chooseEncoding } from '../../server/src/compression';

/**
 * HTTP as clients expect it (issue 39 item 8): HSTS only over https, Accept-Encoding read with
 * its weights and in any case, and every JSON or XML answer of 1 kB or more compressed, with an
 * ETag and 304 when it is public. Requests are sent raw (node:http), as curl would send them:
 * fetch would add its own Accept-Encoding and undo the compression these tests look at.
 */

/** The body as sent before its Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

/** The attacker's headers, and what each must get: brotli, gzip, or the body as it is. */
const NEGOTIATIONS: [header: string, expected: 'br' | 'gzip' | undefined][] = [
  ['br;q=0, gzip', 'gzip'],
  ['GZIP', 'gzip'],
  ['Gzip, BR', 'br'],
  ['*;q=0', undefined],
  ['identity', undefined],
  ['br;q=0.5, gzip;q=0.9', 'gzip'],
  ['gzip;q=0, *', 'br'],
  ['br;q=0, gzip;q=0, *', undefined],
  ['gzip, deflate, br, zstd', 'br'],
  ['x-gzip', 'gzip'],
  ['br;q=abc, gzip;q=0.1', 'gzip'],
];

describe('Accept-Encoding, read by one parser (compression.ts)', () => {
  it.each(NEGOTIATIONS)('%j chooses %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('ranks by weight, brotli first among equals, and takes `*` for what is not named', () => {
    expect(acceptedEncodings('gzip;q=1.0, br;q=0.999')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0.2, gzip;q=0.5')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings(['gzip', 'br;q=0.1'])).toEqual(['gzip', 'br']);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
  });
});

describe('HTTP semantics of the shop API over plain http', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['a catalogue read', '/api/Products'],
    ['a Problem answer', '/api/Products/no-such-product'],
    ['a file outside the contract', '/robots.txt'],
    ['the identity provider (a hijacked answer)', '/oidc/.well-known/openid-configuration'],
  ])('no Strict-Transport-Security on %s over plain http, even when the client claims https', async (_label, pathname) => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const answer = await rawGet(`${server.baseUrl}${pathname}`, headers);
      expect(answer.headers['strict-transport-security'], JSON.stringify(headers)).toBeUndefined();
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it.each(NEGOTIATIONS)('Accept-Encoding %j: a prepared catalogue read and the dealer list are sent as %s', async (header, expected) => {
    for (const pathname of ['/api/Products', '/api/Dealers']) {
      const answer = await rawGet(`${server.baseUrl}${pathname}`, { 'accept-encoding': header });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], `${pathname} with ${header}`).toBe(expected);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(() => JSON.parse(decoded(answer))).not.toThrow();
    }
  });

  // The seed's RK rifles: a search answer of about 12 kB.
  const searchPath = async () => '/api/cms/products/search/rk';

  it.each([
    ['the dealer list', async () => '/api/Dealers'],
    ['the reviews', async () => '/api/Reviews?limit=100'],
    ['a search', searchPath],
    ['the sitemap', async () => '/sitemap.xml'],
    ['a content page', async () => '/api/cms/page/home'],
  ])('%s is compressed, carries an ETag and answers 304 when it is named', async (_label, pathOf) => {
    const url = `${server.baseUrl}${await pathOf()}`;
    const plain = await rawGet(url);
    expect(plain.status).toBe(200);
    expect(plain.body.length, 'an answer of at least 1 kB').toBeGreaterThanOrEqual(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const text = plain.body.toString('utf8');

    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await rawGet(url, { 'accept-encoding': encoding });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.headers.etag, 'the same ETag in every encoding').toBe(etag);
      expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
      expect(packed.body.length).toBeLessThan(plain.body.length);
      expect(decoded(packed)).toBe(text);
    }

    const notModified = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    const changed = await rawGet(url, { 'if-none-match': 'W/"something-else"' });
    expect(changed.status).toBe(200);
    expect(changed.body.toString('utf8')).toBe(text);

    const head = await rawGet(url, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body.length).toBe(0);
  });

  it('a personal answer (a guest cart) is compressed but has no ETag and stays no-store', async () => {
    const guest = await (await fetch(`${server.api}/Auth/guest`, { method: 'POST' })).json();
    const token = guest.guestToken as string;
    const products = (await (await fetch(`${server.api}/Products`)).json()) as Record<string, { qtyOnHand?: number }>;
    const skus = Object.entries(products)
      .filter(([, entry]) => (entry.qtyOnHand ?? 0) > 5)
      .map(([sku]) => sku);
    let cart = await rawGet(`${server.api}/Cart/guest/${token}`);
    for (const sku of skus) {
      if (cart.body.length >= 1024) break;
      const added = await fetch(`${server.api}/Cart/guest/${token}/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ productId: sku, quantity: 1 }]),
      });
      await added.arrayBuffer();
      cart = await rawGet(`${server.api}/Cart/guest/${token}`);
    }
    expect(cart.body.length, 'a cart of at least 1 kB').toBeGreaterThanOrEqual(1024);
    const packed = await rawGet(`${server.api}/Cart/guest/${token}`, { 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['cache-control']).toBe('no-store');
    expect(packed.headers.etag).toBeUndefined();
    expect(JSON.parse(decoded(packed))).toEqual(JSON.parse(cart.body.toString('utf8')));
  });

  it('an answer under 1 kB goes out as it is', async () => {
    const small = await rawGet(`${server.api}/Products/no-such-product`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.etag).toBeUndefined();
  });
});

describe('HSTS behind a trusted proxy that terminates TLS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is sent when the proxy says the request came over https, and not when it came over http', async () => {
    for (const pathname of ['/api/Products', '/robots.txt', '/oidc/.well-known/openid-configuration']) {
      const secure = await rawGet(`${server.baseUrl}${pathname}`, { 'x-forwarded-proto': 'https' });
      expect(secure.headers['strict-transport-security'], pathname).toBe('max-age=31536000; includeSubDomains');
      const plain = await rawGet(`${server.baseUrl}${pathname}`, { 'x-forwarded-proto': 'http' });
      expect(plain.headers['strict-transport-security'], pathname).toBeUndefined();
      const direct = await rawGet(`${server.baseUrl}${pathname}`);
      expect(direct.headers['strict-transport-security'], pathname).toBeUndefined();
    }
  });
});

describe("built assets' .br and .gz, chosen by the same parser", () => {
  let dist: string;
  let server: TestServer;
  const script = 'console.log("plain");\n'.repeat(100);
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'shop-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--runtime-settings--></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets', 'app-AbC123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-AbC123.js.gz'), gzipSync(script));
    server = await startTestServer({ staticDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(NEGOTIATIONS)('Accept-Encoding %j gets the %s file', async (header, expected) => {
    const answer = await rawGet(`${server.baseUrl}/assets/app-AbC123.js`, { 'accept-encoding': header });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(answer)).toBe(script);
  });
});
