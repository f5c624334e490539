// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { screenAssetLinks, stylesheetCompletion } from '../../../server/src/ssr';

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

describe("the stylesheets of the parts a page renders that its screen loads lazily", () => {
  const build = mkdtempSync(path.join(os.tmpdir(), 'lazy-styles-'));
  afterAll(() => rmSync(build, { recursive: true, force: true }));
  mkdirSync(path.join(build, '.vite'));
  mkdirSync(path.join(build, 'assets'));
  writeFileSync(
    path.join(build, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-E.js', isEntry: true, css: ['assets/index-E.css'] },
      'src/features/home/home-screen.tsx': { file: 'assets/home-screen-H.js', css: ['assets/home-screen-H.css'], dynamicImports: ['src/features/home/home-sections.tsx'] },
      'src/features/home/home-sections.tsx': { file: 'assets/home-sections-S.js', css: ['assets/home-sections-S.css'] },
    }),
  );
  writeFileSync(path.join(build, 'assets', 'index-E.css'), '.visually-hidden{position:absolute}._shell_17ivb_1{display:grid}');
  writeFileSync(path.join(build, 'assets', 'home-screen-H.css'), '._hero_ab12c_3{min-height:60vh}');
  writeFileSync(path.join(build, 'assets', 'home-sections-S.css'), '._grid_1f5xi_14{display:grid}._grid_1f5xi_14>li{margin:0}._card-body_9zz9z_76{padding:1rem}');
  const complete = stylesheetCompletion(build)!;
  const page = (body: string) =>
    `<html><head>\n<link rel="stylesheet" crossorigin href="/assets/index-E.css">\n<link rel="stylesheet" crossorigin href="/assets/home-screen-H.css">\n</head><body>${body}</body></html>`;

  it('links the stylesheet that defines a class the page uses, once, in the head', () => {
    const html = complete(page('<div class="_shell_17ivb_1"><section class="_hero_ab12c_3"></section><ul class="_grid_1f5xi_14"><li><div class="x _card-body_9zz9z_76">'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/home-sections-S\.css/g)).toHaveLength(1);
    expect(head.match(/index-E\.css/g)).toHaveLength(1);
    expect(head.match(/home-screen-H\.css/g)).toHaveLength(1);
  });

  it('leaves a page whose classes are all linked as it is', () => {
    const html = page('<div class="_shell_17ivb_1 visually-hidden"><p class="_hero_ab12c_3">');
    expect(complete(html)).toBe(html);
  });
});
