import { useMemo, useReducer } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { ReviewWidget } from '../reviews/review-widget';
import type { ProductPage } from './map-product';
import { ProductAbout } from './product-about';
import { ProductGallery } from './product-gallery';
import type { ProductLoaderData } from './product-loader';
import { AddOns } from './product-options';
import { ProductPurchase } from './product-purchase';
import { ImageLibrary, MoreDetails, PromoVideos, RelatedProducts } from './product-sections';
import { currentSku, galleryImages, initialChoices, productReducer } from './product-state';
import styles from './product.module.css';

/**
 * Product detail page (catalogue-and-content.md section 2) in its three layouts. The sections are
 * shared; only their composition differs: pistol (product-short) puts gallery and buying side by
 * side with the story below; general product (product-short-alt) is a compact shop page led by
 * the options; rifle (product-long) opens on a wide gallery and gives add-ons, videos and the
 * image library sections of their own.
 */
export function ProductScreen() {
  const { product, documentId } = useLoaderData() as ProductLoaderData;
  if (!product) return <ProductNotFound documentId={documentId} />;
  // Keyed by product so a client-side move to another product starts from fresh choices.
  return <ProductView key={product.productId} product={product} />;
}

function ProductView({ product }: { product: ProductPage }) {
  const reducer = useMemo(() => productReducer(product), [product]);
  const [state, dispatch] = useReducer(reducer, product, initialChoices);
  const sku = currentSku(product, state);
  const images = galleryImages(product, sku);
  const { layout } = product;
  const isRifle = layout === 'rifle';

  const title = (
    <div className={styles.titleBlock}>
      <h1 className={styles.title}>{product.title}</h1>
      {product.subtitle ? <p className={styles.subtitle}>{product.subtitle}</p> : null}
    </div>
  );
  const purchase = <ProductPurchase product={product} state={state} sku={sku} dispatch={dispatch} withAddOns={!isRifle} />;

  return (
    <article className={[styles.page, styles[layout]].join(' ')} data-layout={layout}>
      <div className={styles.inner}>
        <Breadcrumbs items={product.breadcrumbs} className={styles.breadcrumbs} />
        {isRifle ? (
          <>
            {title}
            <ProductGallery images={images} title={product.title} variant="wide" />
            <div className={styles.rifleBuy}>
              <ProductAbout about={product.about} />
              {purchase}
            </div>
          </>
        ) : (
          <div className={styles.hero}>
            <ProductGallery images={images} title={product.title} />
            <div className={styles.heroSide}>
              {title}
              {purchase}
            </div>
          </div>
        )}
      </div>
      {isRifle ? (
        <div className={styles.band}>
          <div className={styles.inner}>
            <AddOns product={product} state={state} dispatch={dispatch} prominent />
          </div>
        </div>
      ) : null}
      <PromoVideos promo={product.promoVideos} />
      <div className={styles.inner}>
        {!isRifle ? <ProductAbout about={product.about} withImage={layout === 'pistol'} /> : null}
        {isRifle ? <ImageLibrary images={product.imageLibrary} /> : null}
        <MoreDetails items={product.moreDetails} />
        <RelatedProducts items={product.relatedProducts} />
        {product.reviewsProductId ? (
          <div className={styles.section}>
            <ReviewWidget productId={product.reviewsProductId} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** Section 8: a product whose load fails is an empty object; the page says so plainly. */
function ProductNotFound({ documentId }: { documentId: string }) {
  return (
    <section className={styles.notFound} aria-labelledby="product-not-found">
      <h1 id="product-not-found" className={styles.title}>
        Product not found
      </h1>
      <p>
        We could not find a product{documentId ? <> called &lsquo;{documentId}&rsquo;</> : null}. It may have been
        renamed or is no longer sold.
      </p>
      <p className={styles.notFoundLinks}>
        <Link to="/" className={styles.primaryLink}>
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
