import type { ViewImage } from '../domain/map-media';

interface ContentImageProps {
  image: ViewImage | null;
  className?: string;
  /** Decorative next to text that already names it (a card's title): empty alt. */
  decorative?: boolean;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
}

/** A content-service image (already made safe by the mapper), or nothing when there is none. */
export function ContentImage({ image, className, decorative = false, eager = false }: ContentImageProps) {
  if (!image) return null;
  return (
    <img
      className={className}
      src={image.url}
      alt={decorative ? '' : image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
