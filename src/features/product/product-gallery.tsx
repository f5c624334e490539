import { useState } from 'react';
import type { ProductImage } from './map-product';
import styles from './product.module.css';
import { useLightbox } from './use-lightbox';

interface ProductGalleryProps {
  images: readonly ProductImage[];
  title: string;
}

/**
 * Image gallery of the chosen sku (section 2): a large image, thumbnails to switch it, and a
 * lightbox that opens on the large image.
 */
export function ProductGallery({ images, title }: ProductGalleryProps) {
  const [active, setActive] = useState(0);
  const lightbox = useLightbox(images);
  // The sku (and so the image set) may change under a kept index.
  const current = Math.min(active, Math.max(0, images.length - 1));
  const image = images[current];
  if (!image) return null;
  return (
    <div className={styles.gallery}>
      <button
        type="button"
        className={styles.stage}
        onClick={() => lightbox.open(current)}
        aria-label={`Open image ${current + 1} of ${images.length} full screen: ${image.alt}`}
      >
        {/* The page's largest image: fetched first; its box is the stage's aspect ratio (CSS). */}
        <img src={image.url} alt="" className={styles.stageImage} width={1200} height={800} fetchPriority="high" />
        <span className={styles.zoomHint} aria-hidden="true">
          View full screen
        </span>
      </button>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label={`${title} images`}>
          {images.map((thumb, index) => (
            <li key={`${thumb.url}-${index}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={index === current}
                aria-label={`Show image ${index + 1}: ${thumb.alt}`}
                onClick={() => setActive(index)}
              >
                <img src={thumb.url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lightbox.element}
    </div>
  );
}
