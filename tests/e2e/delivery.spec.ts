import { expect, test } from './fixtures';

/*
 * Build assets go out compressed (decision 020): the build writes .br and .gz beside each asset
 * and the server picks the one the browser accepts. Hashed assets are cached for a year.
 */
test('the entry script is sent as brotli or gzip when accepted, and plain otherwise', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
  expect(entry, 'the page names its entry script').toMatch(/^\/assets\/index-[\w-]+\.js$/);

  const plain = await request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  const size = Number(plain.headers()['content-length']);
  expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  for (const encoding of ['br', 'gzip']) {
    const response = await request.get(entry!, { headers: { 'accept-encoding': encoding } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-encoding']).toBe(encoding);
    expect(response.headers()['vary']).toMatch(/accept-encoding/i);
    // Well under half the plain size (minified JavaScript compresses 3-4x).
    expect(Number(response.headers()['content-length'])).toBeLessThan(size / 2);
  }
  // Playwright's request context decodes what it receives: the same script either way.
  const decoded = await (await request.get(entry!, { headers: { 'accept-encoding': 'br' } })).text();
  expect(decoded).toBe(await plain.text());
});
