import type { components } from '../api/schema';
import { safeUrl } from './safe-url';

type CmsMedia = components['schemas']['CmsMedia'];

/** An image in the views' form: a safe address and its text alternative ('' when decorative). */
export interface ViewImage {
  url: string;
  alt: string;
  /** Intrinsic size when known, so the page does not jump while images load. */
  width?: number;
  height?: number;
}

/**
 * A content-service image as the views use it, or null when it has no usable address (missing,
 * empty or an unsafe scheme), so views can simply leave the image out.
 */
export function mapImage(media: CmsMedia | null | undefined): ViewImage | null {
  const url = safeUrl(media?.url);
  if (!url) return null;
  const image: ViewImage = { url, alt: typeof media?.alternativeText === 'string' ? media.alternativeText : '' };
  if (typeof media?.width === 'number' && typeof media.height === 'number' && media.width > 0 && media.height > 0) {
    image.width = media.width;
    image.height = media.height;
  }
  return image;
}

/** Trimmed text, or '' for anything that is not a string. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Only the entries of a list that are objects (content lists may hold nulls). */
export function entries<T>(list: readonly (T | null | undefined)[] | null | undefined): T[] {
  return Array.isArray(list) ? list.filter((item): item is T => item != null && typeof item === 'object') : [];
}
