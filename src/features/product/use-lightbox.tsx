import { lazy, Suspense, useState } from 'react';
import type { ProductImage } from './map-product';

const ProductLightbox = lazy(() => import('./product-lightbox'));

/** Open state of a lazily loaded lightbox over `images`, and the element to render for it. */
export function useLightbox(images: readonly ProductImage[]) {
  const [index, setIndex] = useState<number | null>(null);
  const element =
    index === null ? null : (
      <Suspense fallback={null}>
        <ProductLightbox images={images} index={index} onClose={() => setIndex(null)} />
      </Suspense>
    );
  return { open: (at: number) => setIndex(at), element };
}
