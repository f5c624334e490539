import { lazy, Suspense, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppActors } from '../../app/providers';
import type { ProductPage, ProductSku } from './map-product';
import { AddOns, ColorSwatches, CompatibilityTabs, ProductPrice, VariantSelects } from './product-options';
import {
  canAddToCart,
  cartLinesFor,
  MAX_QUANTITY,
  MIN_QUANTITY,
  type ProductAction,
  type ProductChoices,
} from './product-state';
import styles from './product.module.css';

// The Notify Me form (zod, conform, the captcha checkbox) is needed only for a sold-out
// configuration, so it is a lazy chunk rather than part of every product page's first load
// (docs/decisions/020).
const StockAlertForm = lazy(() => import('../forms/stock-alert-form').then((module) => ({ default: module.StockAlertForm })));

/** Stock at or below this shows 'Only N left'. */
const LOW_STOCK = 3;

interface PurchaseProps {
  product: ProductPage;
  state: ProductChoices;
  sku: ProductSku | null;
  dispatch: (action: ProductAction) => void;
  /** Whether the add-on cards are in this box (pistol, general) or a section of their own (rifle). */
  withAddOns: boolean;
}

/** The buying column: price, variant selects, options, quantity and Add to Cart or Notify Me. */
export function ProductPurchase({ product, state, sku, dispatch, withAddOns }: PurchaseProps) {
  return (
    <div className={styles.purchase}>
      <ProductPrice sku={sku} />
      <StockStatus sku={sku} />
      {product.fflItem ? (
        <p className={styles.notice}>
          {product.receiverItem ? 'Serialized receiver: ' : ''}Ships to a licensed firearms dealer (FFL) of your choice.
        </p>
      ) : null}
      <VariantSelects product={product} state={state} dispatch={dispatch} />
      <ColorSwatches product={product} state={state} dispatch={dispatch} />
      <CompatibilityTabs product={product} state={state} dispatch={dispatch} />
      {withAddOns ? <AddOns product={product} state={state} dispatch={dispatch} /> : null}
      {sku && sku.quantity <= 0 ? (
        <StockAlertSlot product={product} sku={sku} />
      ) : (
        <AddToCart product={product} state={state} sku={sku} dispatch={dispatch} />
      )}
    </div>
  );
}

function StockStatus({ sku }: { sku: ProductSku | null }) {
  if (!sku) return <p className={styles.stockOut}>This combination is not available</p>;
  if (sku.quantity <= 0) return <p className={styles.stockOut}>Out of stock</p>;
  return (
    <p className={styles.stockIn}>
      {sku.quantity <= LOW_STOCK ? `In stock: only ${sku.quantity} left` : 'In stock'}
      <span className={styles.skuCode}> · SKU {sku.sku}</span>
    </p>
  );
}

function AddToCart({ product, state, sku, dispatch }: Omit<PurchaseProps, 'withAddOns'>) {
  const { cart } = useAppActors();
  const { pathname } = useLocation();
  const inputId = useId();
  // The field's own text, so a shopper can clear it while typing; the choice holds the clamped number.
  const [draft, setDraft] = useState(String(state.quantity));
  const enabled = canAddToCart(sku);

  const commit = (value: string) => {
    setDraft(value);
    const parsed = Number.parseInt(value, 10);
    if (Number.isFinite(parsed)) dispatch({ type: 'quantity.set', quantity: parsed });
  };

  const add = () => {
    // The product's line first, then each chosen add-on's; the cart runs them in order.
    for (const line of cartLinesFor(product, state, pathname)) cart.send({ type: 'cart.item.add', line });
  };

  return (
    <div className={styles.buyRow}>
      <div className={styles.quantity}>
        <label htmlFor={inputId} className={styles.fieldLabel}>
          Quantity
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          className={styles.quantityInput}
          value={draft}
          onChange={(event) => commit(event.target.value)}
          onBlur={() => setDraft(String(state.quantity))}
        />
      </div>
      <button type="button" className={styles.addToCart} disabled={!enabled} onClick={add}>
        Add to Cart
      </button>
    </div>
  );
}

/** Notify Me (section 4: stock 0 shows the Notify Me form instead of Add to Cart). */
function StockAlertSlot({ product, sku }: { product: ProductPage; sku: ProductSku }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={styles.stockAlert}
      data-slot="stock-alert"
      data-product-id={sku.sku}
      data-product-name={product.title}
    >
      <h2 id={headingId} className={styles.subHeading}>
        Notify Me
      </h2>
      <p>This configuration is out of stock. We can email you as soon as it is back in stock.</p>
      <Suspense fallback={null}>
        <StockAlertForm productId={sku.sku} productName={product.title} />
      </Suspense>
    </section>
  );
}
