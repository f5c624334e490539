import { lazy, Suspense, useMemo, useReducer } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { ActorBoundary } from '../../services/providers';
import { Breadcrumbs } from '../../components/breadcrumbs';
import type { ProductPage } from './map-product';
import { ProductGallery } from './product-gallery';
import type { createProductLoader } from './product-loader';
import { AddOns } from './product-options';
import { ProductPurchase } from './product-purchase';
import { galleryImages, initialChoices, productReducer, shownSku } from './product-state';
import styles from './product.module.css';

// Below the buy box: rendered by the server, hydrated when its chunk arrives (decision 042).
const ProductMore = lazy(() => import('./product-more'));

/**
 * Product detail page (catalogue-and-content.md section 2) in its three layouts. Every layout
 * opens with the gallery and the buy box side by side (decision 042: title, price, stock, options,
 * quantity and Add to Cart in the first screen at desktop; on a phone the buy box follows the
 * gallery). Add-ons follow in a band of their own, so they never push Add to Cart out of view; the
 * rifle (product-long) shows them as large 'Complete Your Build' cards.
 */
export function ProductScreen() {
  const { product, documentId, unavailable } = useLoaderData<ReturnType<typeof createProductLoader>>();
  if (!product) return <ProductNotFound documentId={documentId} unavailable={unavailable} />;
  // Keyed by product so a client-side move to another product starts from fresh choices.
  return <ProductView key={product.productId} product={product} />;
}

function ProductView({ product }: { product: ProductPage }) {
  const reducer = useMemo(() => productReducer(product), [product]);
  const [state, dispatch] = useReducer(reducer, product, initialChoices);
  const sku = shownSku(product, state);
  const images = galleryImages(product, sku);
  const { layout } = product;
  const isRifle = layout === 'rifle';

  return (
    <article className={[styles.page, styles[layout]].join(' ')} data-layout={layout}>
      <div className={styles.inner}>
        <Breadcrumbs items={product.breadcrumbs} className={styles.breadcrumbs} />
        <div className={styles.hero}>
          <ProductGallery images={images} title={product.title} />
          <div className={styles.heroSide}>
            <div className={styles.titleBlock}>
              <h1 className={styles.title}>{product.title}</h1>
              {product.subtitle ? <p className={styles.subtitle}>{product.subtitle}</p> : null}
            </div>
            {/* The buying column reads the cart: it hydrates once the actors are there (decision 057). */}
            <ActorBoundary>
              <ProductPurchase product={product} state={state} sku={sku} dispatch={dispatch} withAddOns={false} />
            </ActorBoundary>
          </div>
        </div>
      </div>
      {product.addOns.length > 0 ? (
        <div className={styles.band}>
          <div className={styles.inner}>
            <AddOns product={product} state={state} dispatch={dispatch} prominent={isRifle} />
          </div>
        </div>
      ) : null}
      <Suspense fallback={null}>
        <ProductMore product={product} />
      </Suspense>
    </article>
  );
}

/**
 * Section 8: a product whose load fails is an empty object; the page says so plainly, and tells an
 * unknown product (404) from a catalogue that did not answer (503), which may have it.
 */
function ProductNotFound({ documentId, unavailable }: { documentId: string; unavailable?: boolean }) {
  return (
    <section className={styles.notFound} aria-labelledby="product-not-found">
      <h1 id="product-not-found" className={styles.title}>
        {unavailable ? 'Product not available right now' : 'Product not found'}
      </h1>
      {unavailable ? (
        <p>We could not load this product. Please try again in a moment.</p>
      ) : (
        <p>
          We could not find a product{documentId ? <> called &lsquo;{documentId}&rsquo;</> : null}. It may have been
          renamed or is no longer sold.
        </p>
      )}
      <p className={styles.notFoundLinks}>
        <Link to="/" className={styles.primaryLink}>
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
