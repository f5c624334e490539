import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTarget } from '../../server/src/ssr';
import { startTestServer, type TestServer } from '../support/test-server';
import { rawRequest } from '../support/raw-http';

/*
 * One host for every link (issue 39 items 1 and 2, decision 074), where no server renderer is
 * needed: which request targets can be a page at all, a build served without its renderer, and
 * the sitemap and robots.txt under a hostile Host. The rendered pages are tested against the
 * built renderer in tests/e2e/page-addresses.spec.ts.
 */

describe('pageTarget: the request targets that can name a page on PUBLIC_URL', () => {
  it.each([
    '//evil.example/faq',
    '///evil.example/faq',
    '/\\evil.example/faq',
    '//user:pass@evil.example/faq',
    '/.//evil.example',
    '/faq//x',
    'http://evil.example/faq',
    '*',
    '/faq\\',
    '/fa q',
    '/faq\t',
    '/faq?x=\r\n',
    '/%E0%A4%A',
    '/search/%',
  ])('%j is not a page address', (target) => {
    expect(pageTarget(target)).toBeUndefined();
  });

  it.each(['/', '/faq', '/FAQ/', '/product/product-long/rk-15-carbine%3F%22x', '/search/a%2Fb', '/faq?next=//evil.example', '/product/../faq', '/café'])(
    '%j is one (the renderer decides which page, or which 301 or 404)',
    (target) => {
      expect(pageTarget(target)).toBe(target);
    },
  );
});

/** A request as a client writes it: the target byte for byte, any Host header. */
const raw = (server: TestServer, target: string, headers: Record<string, string> = {}) => rawRequest(server.baseUrl, target, { headers });

describe('a build served without its server renderer, and the files crawlers read', () => {
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    // A browser build without dist/.ssr: the server sends index.html and the browser renders.
    dist = mkdtempSync(path.join(tmpdir(), 'shop-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--runtime-settings--></head><body><div id="root"></div></body></html>');
    server = await startTestServer({ staticDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a path that could name another host answers 404, not the app; a page path gets the app', async () => {
    for (const target of ['//evil.example/faq', '/\\evil.example/faq', '//user:pass@evil.example/faq', 'http://evil.example/faq']) {
      const answer = await raw(server, target, { accept: 'text/html' });
      expect(answer.status, target).toBe(404);
      expect(answer.text, target).toContain('There is no page at this address.');
      expect(answer.text, target).not.toContain('evil.example');
    }
    const json = await raw(server, '//evil.example/faq', { accept: 'application/json' });
    expect(JSON.parse(json.text)).toEqual({ status: 404, title: 'Not Found', message: 'There is no page at this address.' });
    expect((await raw(server, '/faq', { accept: 'text/html' })).status).toBe(200);
  });

  it('an address that does not decode answers 404 as a page, 400 with its Problem on the API', async () => {
    expect((await raw(server, '/%E0%A4%A', { accept: 'text/html' })).status).toBe(404);
    const api = await raw(server, '/api/cms/pages/%E0%A4%A');
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it.each<Record<string, string>>([
    { host: 'evil.example' },
    { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    { forwarded: 'host=evil.example;proto=https' },
  ])('the sitemap and robots.txt name PUBLIC_URL alone, whatever the request says (%j)', async (headers) => {
    for (const file of ['/sitemap.xml', '/robots.txt']) {
      const answer = await raw(server, file, headers);
      expect(answer.status, file).toBe(200);
      expect(answer.text, file).toContain(`${server.config.PUBLIC_URL}/`);
      expect(answer.text, file).not.toContain('evil.example');
    }
  });
});
