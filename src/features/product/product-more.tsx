import { ReviewWidget } from '../../components/reviews/review-widget';
import type { ProductPage } from './map-product';
import { ProductAbout } from './product-about';
import { ImageLibrary, MoreDetails, PromoVideos, RelatedProducts } from './product-sections';
import styles from './product.module.css';

/**
 * Everything below the buy box: promo videos, about (with its description / tech specs tabs),
 * image library, more details, related products and reviews. A lazy chunk (decision 042): the
 * server renders it into the page, and the browser hydrates it once the chunk arrives, so React
 * Aria's tabs and disclosures stay off the product page's first load.
 */
export default function ProductMore({ product }: { product: ProductPage }) {
  return (
    <>
      <PromoVideos promo={product.promoVideos} />
      <div className={styles.inner}>
        <ProductAbout about={product.about} withImage={product.layout !== 'general'} />
        <ImageLibrary images={product.imageLibrary} />
        <MoreDetails items={product.moreDetails} />
        <RelatedProducts items={product.relatedProducts} />
        {product.reviewsProductId ? (
          <div className={styles.section}>
            <ReviewWidget productId={product.reviewsProductId} />
          </div>
        ) : null}
      </div>
    </>
  );
}
