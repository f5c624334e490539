// Small builders shared by the seed modules: media references, rich-text blocks and id counters.
// Pure functions only; nothing here touches the file system.
import type { CmsMedia, RichTextBlock, RichTextNode, RichTextText } from './content-shapes';

/** A media reference under /media/. The generator draws every file the seed refers to. */
export function media(path: string, alternativeText: string, width: number, height: number): CmsMedia {
  return { url: `/media/${path}`, alternativeText, width, height };
}

/** An id counter; each module starts its own range so ids stay stable whatever the import order. */
export function counter(start: number): () => number {
  let next = start;
  return () => next++;
}

// ---------------------------------------------------------------------------------------------
// Rich text (decision 002)

type Mods = Omit<RichTextText, 'type' | 'text'>;
type Child = string | RichTextNode;

export function t(text: string, mods: Mods = {}): RichTextText {
  return { type: 'text', text, ...mods };
}
export const b = (text: string): RichTextText => t(text, { bold: true });
export const i = (text: string): RichTextText => t(text, { italic: true });
export const u = (text: string): RichTextText => t(text, { underline: true });
export const s = (text: string): RichTextText => t(text, { strikethrough: true });
export const c = (text: string): RichTextText => t(text, { code: true });

function kids(children: Child[]): RichTextNode[] {
  return children.map((child) => (typeof child === 'string' ? t(child) : child));
}

export function p(...children: Child[]): RichTextBlock {
  return { type: 'paragraph', children: kids(children) };
}
export function h(level: 1 | 2 | 3 | 4 | 5 | 6, ...children: Child[]): RichTextBlock {
  return { type: 'heading', level, children: kids(children) };
}
export function quote(...children: Child[]): RichTextBlock {
  return { type: 'quote', children: kids(children) };
}
export function code(text: string): RichTextBlock {
  return { type: 'code', children: [t(text)] };
}
/** Inline link, used inside a paragraph or list item. */
export function a(url: string, ...children: Child[]): RichTextBlock {
  return { type: 'link', url, children: kids(children) };
}
function list(format: 'ordered' | 'unordered', items: (Child | Child[])[]): RichTextBlock {
  return {
    type: 'list',
    format,
    children: items.map((item) => ({
      type: 'list-item' as const,
      children: kids(Array.isArray(item) ? item : [item]),
    })),
  };
}
export const ul = (...items: (Child | Child[])[]): RichTextBlock => list('unordered', items);
export const ol = (...items: (Child | Child[])[]): RichTextBlock => list('ordered', items);
export function img(image: CmsMedia): RichTextBlock {
  return { type: 'image', image, children: [t('')] };
}

/** Tech specs as a list of "Label: value" items with the label in bold. */
export function specList(rows: [string, string][]): RichTextBlock {
  return ul(...rows.map(([label, value]) => [b(`${label}: `), value]));
}
