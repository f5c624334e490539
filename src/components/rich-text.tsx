import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { components } from '../api/schema';
import { isExternalUrl, safeUrl } from '../domain/safe-url';
import { isLeaf, plainText, type RichTextNode } from './rich-text-plain';
import styles from './rich-text.module.css';

export type RichTextBlock = components['schemas']['CmsBlock'];
export type RichTextLeaf = components['schemas']['CmsText'];
export type RichTextContent = RichTextBlock[];

interface RichTextProps {
  /** The content service's blocks (catalogue-and-content.md section 3); null or empty renders nothing. */
  content: readonly RichTextBlock[] | null | undefined;
  className?: string;
}

/**
 * Safe rich-text renderer for every block type (paragraph, quote, code, heading 1-6, link,
 * ordered / unordered list, list item, image) and text modifier (bold, italic, underline,
 * strikethrough, code). Everything becomes React elements and text nodes: no raw HTML is ever
 * injected, unknown block types render their text only, and links or images whose address is not
 * a safe kind (domain/safe-url.ts) lose the link or the image.
 */
export function RichText({ content, className }: RichTextProps) {
  if (!content?.length) return null;
  return <div className={[styles.richText, className].filter(Boolean).join(' ')}>{renderNodes(content, 'b')}</div>;
}

type Node = RichTextNode;

function renderNodes(nodes: readonly Node[] | undefined, keyPrefix: string): ReactNode[] {
  // Content is untrusted: children that are not a list, or entries that are not objects, are skipped.
  if (!Array.isArray(nodes)) return [];
  return nodes.map((node: unknown, index) => {
    const key = `${keyPrefix}-${index}`;
    if (typeof node !== 'object' || node === null) return null;
    return isLeaf(node as Node) ? renderLeaf(node as RichTextLeaf, key) : renderBlock(node as RichTextBlock, key);
  });
}

function renderLeaf(leaf: RichTextLeaf, key: string): ReactNode {
  let node: ReactNode = typeof leaf.text === 'string' ? leaf.text : '';
  if (leaf.code) node = <code>{node}</code>;
  if (leaf.strikethrough) node = <s>{node}</s>;
  if (leaf.underline) node = <u>{node}</u>;
  if (leaf.italic) node = <em>{node}</em>;
  if (leaf.bold) node = <strong>{node}</strong>;
  return <span key={key}>{node}</span>;
}

const headingTags = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

function renderBlock(block: RichTextBlock, key: string): ReactNode {
  const children = renderNodes(block.children, key);
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{children}</p>;
    case 'quote':
      return <blockquote key={key}>{children}</blockquote>;
    case 'code':
      return (
        <pre key={key}>
          <code>{plainText(block)}</code>
        </pre>
      );
    case 'heading': {
      // A missing or non-numeric level (untrusted content) is a level 2 heading, never a crash.
      const level = typeof block.level === 'number' && Number.isFinite(block.level) ? Math.min(6, Math.max(1, Math.trunc(block.level))) : 2;
      const Tag = headingTags[level - 1];
      return <Tag key={key}>{children}</Tag>;
    }
    case 'link': {
      const href = safeUrl(block.url);
      if (!href) return <span key={key}>{children}</span>;
      if (isExternalUrl(href) || !href.startsWith('/')) {
        const external = isExternalUrl(href);
        return (
          <a key={key} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {children}
          </a>
        );
      }
      return (
        <Link key={key} to={href}>
          {children}
        </Link>
      );
    }
    case 'list':
      return block.format === 'ordered' ? <ol key={key}>{children}</ol> : <ul key={key}>{children}</ul>;
    case 'list-item':
      return <li key={key}>{children}</li>;
    case 'image': {
      const src = safeUrl(block.image?.url);
      if (!src) return null;
      return (
        <img
          key={key}
          src={src}
          alt={block.image?.alternativeText ?? ''}
          width={block.image?.width ?? undefined}
          height={block.image?.height ?? undefined}
          loading="lazy"
        />
      );
    }
    default:
      // A block type this renderer does not know: its text, never its markup.
      return <span key={key}>{plainText(block)}</span>;
  }
}
