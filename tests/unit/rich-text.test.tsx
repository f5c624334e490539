import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText, type RichTextBlock, type RichTextLeaf } from '../../src/components/rich-text';
import { plainText } from '../../src/components/rich-text-plain';

afterEach(cleanup);

const t = (text: string, mods: Partial<RichTextLeaf> = {}): RichTextLeaf => ({ type: 'text', text, ...mods });
const p = (...children: RichTextBlock['children']): RichTextBlock => ({ type: 'paragraph', children });

function renderBlocks(content: unknown): HTMLElement {
  const wrap = (node: ReactNode) => <MemoryRouter>{node}</MemoryRouter>;
  return render(wrap(<RichText content={content as RichTextBlock[]} />)).container;
}

describe('RichText block types', () => {
  it('renders nothing for null, undefined or an empty list', () => {
    expect(renderBlocks(null).innerHTML).toBe('');
    expect(renderBlocks(undefined).innerHTML).toBe('');
    expect(renderBlocks([]).innerHTML).toBe('');
  });

  it('renders paragraphs, quotes and code blocks', () => {
    const root = renderBlocks([
      p(t('A paragraph.')),
      { type: 'quote', children: [t('A quote.')] },
      { type: 'code', children: [t('const x = 1;'), t(' // two leaves')] },
    ]);
    expect(root.querySelector('p')?.textContent).toBe('A paragraph.');
    expect(root.querySelector('blockquote')?.textContent).toBe('A quote.');
    // Code blocks are plain text: the leaves' text joined, inside pre > code.
    expect(root.querySelector('pre > code')?.textContent).toBe('const x = 1; // two leaves');
  });

  it.each([1, 2, 3, 4, 5, 6])('renders a level %i heading as h%i', (level) => {
    const root = renderBlocks([{ type: 'heading', level, children: [t(`Heading ${level}`)] }]);
    const heading = root.querySelector(`h${level}`);
    expect(heading?.textContent).toBe(`Heading ${level}`);
  });

  it.each([
    [undefined, 'h2'],
    [0, 'h1'],
    [9, 'h6'],
    [3.7, 'h3'],
    ['x', 'h2'],
    [Number.NaN, 'h2'],
  ])('clamps a heading level of %s to %s', (level, tag) => {
    const root = renderBlocks([{ type: 'heading', level, children: [t('Title')] }]);
    expect(root.querySelector(tag)?.textContent).toBe('Title');
  });

  it('renders ordered and unordered lists with their items', () => {
    const item = (text: string): RichTextBlock => ({ type: 'list-item', children: [t(text)] });
    const root = renderBlocks([
      { type: 'list', format: 'ordered', children: [item('First'), item('Second')] },
      { type: 'list', format: 'unordered', children: [item('Apple')] },
      { type: 'list', children: [item('No format')] },
    ]);
    expect([...root.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['First', 'Second']);
    const unordered = root.querySelectorAll('ul');
    expect(unordered).toHaveLength(2);
    expect(unordered[0].textContent).toBe('Apple');
    expect(unordered[1].textContent).toBe('No format');
  });

  it('renders images with their alternative text and size', () => {
    const root = renderBlocks([
      { type: 'image', image: { url: '/media/shop.svg', alternativeText: 'The shop floor', width: 1200, height: 600 }, children: [] },
      { type: 'image', image: { url: '/media/decor.svg', alternativeText: null }, children: [] },
    ]);
    const [shop, decor] = [...root.querySelectorAll('img')];
    expect(shop.getAttribute('src')).toBe('/media/shop.svg');
    expect(shop.getAttribute('alt')).toBe('The shop floor');
    expect(shop.getAttribute('width')).toBe('1200');
    // No alternative text given: decorative (empty alt), never a missing alt attribute.
    expect(decor.getAttribute('alt')).toBe('');
  });

  it('renders the text of an unknown block type, not its markup', () => {
    const root = renderBlocks([{ type: 'table', children: [t('Cell text')] }]);
    expect(root.textContent).toBe('Cell text');
    expect(root.querySelector('table')).toBeNull();
  });
});

describe('RichText text modifiers', () => {
  it.each([
    ['bold', 'strong'],
    ['italic', 'em'],
    ['underline', 'u'],
    ['strikethrough', 's'],
    ['code', 'code'],
  ] as const)('renders %s text in <%s>', (modifier, tag) => {
    const root = renderBlocks([p(t('plain '), t('marked', { [modifier]: true }))]);
    expect(root.querySelector(`p ${tag}`)?.textContent).toBe('marked');
    expect(root.querySelector('p')?.textContent).toBe('plain marked');
  });

  it('nests every modifier on one leaf', () => {
    const root = renderBlocks([p(t('all', { bold: true, italic: true, underline: true, strikethrough: true, code: true }))]);
    expect(root.querySelector('strong em u s code')?.textContent).toBe('all');
  });
});

describe('RichText links', () => {
  const link = (url: string, text = 'Go'): RichTextBlock => ({ type: 'link', url, children: [t(text)] });

  it('renders in-app paths as router links without a new tab', () => {
    const root = renderBlocks([p(link('/warranty', 'warranty'))]);
    const anchor = root.querySelector('a');
    expect(anchor?.getAttribute('href')).toBe('/warranty');
    expect(anchor?.getAttribute('target')).toBeNull();
    expect(anchor?.textContent).toBe('warranty');
  });

  it('opens outside http(s) links in a new tab without an opener', () => {
    const anchor = renderBlocks([p(link('https://example.com/page'))]).querySelector('a');
    expect(anchor?.getAttribute('href')).toBe('https://example.com/page');
    expect(anchor?.getAttribute('target')).toBe('_blank');
    expect(anchor?.getAttribute('rel')).toContain('noopener');
  });

  it.each(['mailto:team@example.com', 'tel:+12085550147', '#careers'])('keeps %s as a plain link in the same tab', (url) => {
    const anchor = renderBlocks([p(link(url))]).querySelector('a');
    expect(anchor?.getAttribute('href')).toBe(url);
    expect(anchor?.getAttribute('target')).toBeNull();
  });
});

describe('RichText with hostile content', () => {
  const hostile: unknown = [
    p(t('<script>alert(1)</script>'), t('<img src=x onerror=alert(2)>', { bold: true })),
    { type: 'link', url: 'javascript:alert(1)', children: [t('click me')] },
    { type: 'link', url: '  JavaScript:alert(1)', children: [t('mixed case')] },
    { type: 'link', url: 'data:text/html,<script>alert(1)</script>', children: [t('data link')] },
    { type: 'link', url: '//evil.example/path', children: [t('protocol relative')] },
    { type: 'image', image: { url: 'javascript:alert(1)', alternativeText: 'js image' }, children: [] },
    { type: 'image', image: { url: 'data:image/svg+xml,<svg onload=alert(1)>', alternativeText: 'data image' }, children: [] },
    { type: 'code', children: [t('<script>alert(3)</script>')] },
    { type: 'script', children: [t('unknown type')] },
    { type: 'heading', level: '<h1>', children: [t('odd level')] },
    { type: 'paragraph', children: 'not a list' },
    { type: 'paragraph', children: [null, 42, t('survivor')] },
  ];

  it('renders every payload inert: no script, no javascript: or data: address, no injected element', () => {
    const root = renderBlocks(hostile);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelectorAll('img')).toHaveLength(0);
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([]);
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on')).toBe(false);
        expect(attribute.value).not.toMatch(/^\s*(javascript|data):/i);
      }
    }
  });

  it('shows the payloads as text, so nothing is lost silently', () => {
    const root = renderBlocks(hostile);
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('<img src=x onerror=alert(2)>');
    expect(root.textContent).toContain('click me');
    expect(root.textContent).toContain('unknown type');
    expect(root.textContent).toContain('odd level');
    expect(root.textContent).toContain('survivor');
  });
});

describe('plainText', () => {
  it('joins the text of a block and its descendants, dropping modifiers', () => {
    expect(plainText(p(t('a '), t('b', { bold: true }), { type: 'link', url: '/x', children: [t(' c')] }))).toBe('a b c');
    expect(plainText(null)).toBe('');
  });

  it('sets blocks apart with a separator when asked, keeping inline links in their sentence', () => {
    const blocks = [{ type: 'heading', level: 2, children: [t('Who')] }, p(t('we '), { type: 'link', url: '/x', children: [t('are')] })];
    expect(plainText(blocks as RichTextBlock[])).toBe('Whowe are');
    expect(plainText(blocks as RichTextBlock[], ' ')).toBe(' Who  we are ');
  });
});
