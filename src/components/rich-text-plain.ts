import type { components } from '../api/schema';

/** A rich-text block or text leaf of the content service (catalogue-and-content.md section 3). */
export type RichTextNode = components['schemas']['CmsBlock'] | components['schemas']['CmsText'];

export function isLeaf(node: RichTextNode): node is components['schemas']['CmsText'] {
  return node.type === 'text';
}

/**
 * The text of a block and its descendants, modifiers dropped. Kept apart from the renderer so
 * that code without React (head tags, server) can read content as text. With a separator, every
 * block but an inline link is wrapped in it, so a heading and the paragraph after it, or two
 * list items, do not run together as one word.
 */
export function plainText(node: RichTextNode | readonly RichTextNode[] | null | undefined, blockSeparator = ''): string {
  if (!node) return '';
  if (Array.isArray(node)) return node.map((child: RichTextNode) => plainText(child, blockSeparator)).join('');
  if (typeof node !== 'object') return '';
  const single = node as RichTextNode;
  if (isLeaf(single)) return typeof single.text === 'string' ? single.text : '';
  const inner = plainText(single.children, blockSeparator);
  return single.type === 'link' ? inner : `${blockSeparator}${inner}${blockSeparator}`;
}
