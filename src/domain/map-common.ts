import type { components } from '../api/schema';
import { safeUrl } from './safe-url';

type RichTextBlock = components['schemas']['CmsBlock'];

/**
 * Small tolerant readers shared by the content-page mappers (catalogue-and-content.md section 8:
 * partial or failed content must still give a renderable page). Anything of the wrong kind reads
 * as empty.
 */

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Non-blank strings of a list, trimmed. */
export function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text).filter(Boolean) : [];
}

interface MediaLike {
  url?: unknown;
  alternativeText?: unknown;
}

/** The media's address if it is a safe kind (domain/safe-url.ts), else ''. */
export function mediaUrl(media: MediaLike | null | undefined): string {
  return safeUrl(typeof media?.url === 'string' ? media.url : null) ?? '';
}

export function mediaAlt(media: MediaLike | null | undefined): string {
  return text(media?.alternativeText);
}

/** Rich-text blocks: only objects with a string type are kept (the renderer handles the rest). */
export function richText(value: unknown): RichTextBlock[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (block): block is RichTextBlock =>
      typeof block === 'object' && block !== null && typeof (block as { type?: unknown }).type === 'string',
  );
}

/** Objects of a list (entries that are null or not objects are skipped). */
export function entries<T extends object>(value: readonly (T | null | undefined)[] | null | undefined): T[] {
  return Array.isArray(value) ? value.filter((entry): entry is T => typeof entry === 'object' && entry !== null) : [];
}
