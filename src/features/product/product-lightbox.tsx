import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import type { ProductImage } from './map-product';

export interface ProductLightboxProps {
  images: readonly ProductImage[];
  index: number;
  onClose: () => void;
}

/**
 * Full-screen image viewer, loaded only when a shopper opens it (kept out of the page's first
 * chunk). It wraps around at both ends (catalogue-and-content.md section 4, "Image gallery
 * lightbox"): `finite: false`.
 */
export default function ProductLightbox({ images, index, onClose }: ProductLightboxProps) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={images.map((image) => ({ src: image.url, alt: image.alt }))}
      carousel={{ finite: false }}
      controller={{ closeOnBackdropClick: true }}
    />
  );
}
