// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { screenAssetLinks } from '../../../server/src/ssr';

/** A browser build's manifest as Vite writes it: an entry, two screens sharing a chunk. */
const manifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'], css: ['assets/index-E.css'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  'src/features/product/product-screen.tsx': {
    file: 'assets/product-screen-P.js',
    src: 'src/features/product/product-screen.tsx',
    imports: ['_react-R.js', '_card-C.js'],
    css: ['assets/product-screen-P.css'],
  },
  'src/features/search/search-screen.tsx': {
    file: 'assets/search-screen-S.js',
    src: 'src/features/search/search-screen.tsx',
    imports: ['_card-C.js'],
  },
  '_card-C.js': { file: 'assets/card-C.js', css: ['assets/card-C.css', 'assets/index-E.css'] },
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'screen-assets-'));
mkdirSync(path.join(dir, '.vite'));
writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the stylesheets and scripts of the screens a page renders', () => {
  const links = screenAssetLinks(dir)!;

  it("links the screen's stylesheets and preloads its scripts, leaving out what the entry brings", () => {
    const html = links(['src/features/product/product-screen.tsx']);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/product-screen-P.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/card-C.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-screen-P.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card-C.js">');
    expect(html).not.toContain('index-E');
    expect(html).not.toContain('react-R');
    // Stylesheets first, so the page paints styled before the scripts are even asked for.
    expect(html.indexOf('stylesheet')).toBeLessThan(html.indexOf('modulepreload'));
  });

  it('names each shared file once, and nothing for a module the build does not know', () => {
    const html = links(['src/features/product/product-screen.tsx', 'src/features/search/search-screen.tsx', 'src/nowhere.tsx']);
    expect(html.match(/card-C\.css/g)).toHaveLength(1);
    expect(html.match(/card-C\.js/g)).toHaveLength(1);
    expect(html).toContain('search-screen-S.js');
    expect(links(['src/nowhere.tsx'])).toBe('');
  });

  it('is absent without a build manifest', () => {
    expect(screenAssetLinks(path.join(dir, 'missing'))).toBeUndefined();
  });
});
