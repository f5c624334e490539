import { useActorSelector } from '../../services/actor-selector';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectDestination } from '../../../machines/cart/cart.selectors';
import { useAppActors } from '../../services/providers';
import { ErrorList } from '../../components/error-list';
import { useHydrated } from '../../components/use-hydrated';
import type { ProductPage, ProductSku } from './map-product';
import { AddOns, ColorSwatches, ProductPrice, VariantOptions } from './product-options';
import {
  canAddToCart,
  cartLinesFor,
  comingSoon,
  currentSku,
  MAX_QUANTITY,
  MIN_QUANTITY,
  missingSelect,
  quantityError,
  type ProductAction,
  type ProductChoices,
} from './product-state';
import type { ShipmentRestriction, shipmentRestriction } from './product-restriction';
import styles from './product.module.css';

// The Notify Me form (zod, conform, the captcha checkbox) is needed only for a sold-out
// configuration, so it is a lazy chunk rather than part of every product page's first load
// (docs/decisions/020).
const StockAlertForm = lazy(() => import('../../components/forms/stock-alert-form').then((module) => ({ default: module.StockAlertForm })));

// React Aria's tabs come only with the products that have compatibility tabs (decision 042).
const CompatibilityTabs = lazy(() => import('./product-compatibility'));

// The shipment note's rule (and the zip-to-state table it needs) loads only once the shopper's
// destination is known: most first visits never need it (decisions 020, 030).
const loadShipmentRestriction = () => import('./product-restriction').then((module) => module.shipmentRestriction);

/** Stock at or below this shows 'Only N left'. */
const LOW_STOCK = 3;

interface PurchaseProps {
  product: ProductPage;
  state: ProductChoices;
  /** The sku whose price shows (the chosen one, or a preview while a choice is still to make). */
  sku: ProductSku | null;
  dispatch: (action: ProductAction) => void;
  /** Whether the add-on cards are in this box (pistol, general) or a section of their own (rifle). */
  withAddOns: boolean;
}

/** The buying column: price, variant selects, options, quantity and Add to Cart or Notify Me. */
export function ProductPurchase({ product, state, sku: shown, dispatch, withAddOns }: PurchaseProps) {
  const sku = currentSku(product, state);
  const restriction = useShipmentRestriction(product, sku);
  const restrictionId = useId();
  const optionsId = useId();
  const missing = missingSelect(product, state);
  // The server's HTML arrives before the script: a choice made before React has hydrated the page
  // would be lost (the controls' state lives in React), so they wait for it, looking as they will.
  const hydrated = useHydrated();
  return (
    <div className={styles.purchase}>
      <ProductPrice sku={shown} />
      <div className={styles.availability}>
        {missing ? <p className={styles.stockHint}>Choose a {missing.label}</p> : <StockStatus sku={sku} />}
        <ShipmentNote id={restrictionId} restriction={restriction} dispatch={dispatch} />
      </div>
      {product.fflItem ? (
        <p className={styles.notice}>
          {product.receiverItem ? 'Serialized receiver: ' : ''}Ships to a licensed firearms dealer (FFL) of your choice.
        </p>
      ) : null}
      <fieldset className={styles.choices} disabled={!hydrated} data-waking={hydrated ? undefined : ''}>
        <VariantOptions product={product} state={state} dispatch={dispatch} idPrefix={optionsId} />
        <ColorSwatches product={product} state={state} dispatch={dispatch} />
        {product.compatibilityOptions.length > 0 ? (
          <Suspense fallback={null}>
            <CompatibilityTabs product={product} state={state} dispatch={dispatch} />
          </Suspense>
        ) : null}
        {withAddOns ? <AddOns product={product} state={state} dispatch={dispatch} /> : null}
        {sku && sku.quantity <= 0 ? (
          <StockAlertSlot product={product} sku={sku} />
        ) : (
          <AddToCart
            product={product}
            state={state}
            sku={sku}
            dispatch={dispatch}
            restrictedBy={restriction ? restrictionId : null}
            missing={missing ? { label: missing.label, groupId: `${optionsId}-${product.selects.indexOf(missing)}` } : null}
          />
        )}
      </fieldset>
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

/**
 * Whether the chosen sku can ship where the shopper ships (decision 030): the cart machine holds
 * the destination once known; the pure rule of product-restriction.ts answers. Null on the server
 * and during hydration (so the first render matches the server's HTML), while the destination is
 * unknown, and for the moment the rule's module takes to load.
 */
function useShipmentRestriction(product: ProductPage, sku: ProductSku | null): ShipmentRestriction | null {
  const { cart } = useAppActors();
  const known = useActorSelector(cart, selectDestination);
  const destination = useHydrated() ? known : null;
  const [rule, setRule] = useState<typeof shipmentRestriction | null>(null);
  useEffect(() => {
    if (!destination || rule) return;
    let current = true;
    void loadShipmentRestriction().then((loaded) => {
      if (current) setRule(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [destination, rule]);
  return destination && rule ? rule(product, sku, destination) : null;
}

/**
 * 'Not available for shipment to {state}' and a button choosing the nearest variant that can
 * ship there (decision 030). The note sits in a live region, so choosing another variant is heard.
 */
function ShipmentNote({
  id,
  restriction,
  dispatch,
}: {
  id: string;
  restriction: ShipmentRestriction | null;
  dispatch: (action: ProductAction) => void;
}) {
  const alternative = restriction?.alternative ?? null;
  return (
    <>
      <div aria-live="polite">
        {restriction ? (
          <p id={id} className={styles.shipmentNote}>
            {restriction.note}
          </p>
        ) : null}
      </div>
      {alternative ? (
        <button type="button" className={styles.shipmentAlternative} onClick={() => dispatch({ type: 'sku.choose', sku: alternative.sku })}>
          Available: {alternative.label}
        </button>
      ) : null}
    </>
  );
}

function AddToCart({
  product,
  state,
  sku,
  dispatch,
  restrictedBy,
  missing,
}: Omit<PurchaseProps, 'withAddOns'> & {
  /** The id of the shipment note when the sku cannot ship where the shopper ships; else null. */
  restrictedBy: string | null;
  /** The select still to choose (apparel's size) and its group's legend id; Add to Cart asks for it. */
  missing: { label: string; groupId: string } | null;
}) {
  const { cart } = useAppActors();
  const { pathname } = useLocation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const askId = `${inputId}-ask`;
  // The field's own text, so a shopper can clear it while typing; the choice holds the number typed.
  const [draft, setDraft] = useState(String(state.quantity));
  // 'Only {n} left', or the range: shown at the field, and nothing is added (decision 027).
  const error = quantityError(product, state);
  // A sku that cannot ship where the shopper ships is not added: checkout would refuse it, so the
  // button is disabled and names the note as its reason (decision 030).
  // A restricted sku stays addable (decision 030): the shopper may ship elsewhere this time, and
  // checkout checks the address it is given; the note says why it may be refused.
  // A 'Coming Soon' compatibility tab sells nothing (section 8). With a choice still to make, the
  // button stays pressable and asks for it (decision 042).
  const enabled = missing !== null || (canAddToCart(sku) && error === null && !comingSoon(product, state));
  const [asked, setAsked] = useState(false);
  const ask = asked && missing ? `Choose a ${missing.label}` : null;

  const commit = (value: string) => {
    setDraft(value);
    if (value.trim() !== '') dispatch({ type: 'quantity.set', quantity: Number(value) });
  };

  const add = () => {
    if (missing) {
      setAsked(true);
      // To the group to choose from: its checked radio, else its first.
      const group = document.getElementById(missing.groupId)?.closest('fieldset');
      group?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
      return;
    }
    // The product's line first, then each chosen add-on's; the cart runs them in order and one
    // notice names them all.
    const [line, ...addOns] = cartLinesFor(product, state, pathname);
    if (line) cart.send({ type: 'cart.item.add', line, ...(addOns.length ? { with: addOns } : {}) });
  };

  return (
    <>
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
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => commit(event.target.value)}
            onBlur={() => setDraft(String(state.quantity))}
          />
        </div>
        <button
          type="button"
          className={styles.addToCart}
          disabled={!enabled}
          aria-describedby={[restrictedBy, ask ? askId : null].filter(Boolean).join(' ') || undefined}
          onClick={add}
        >
          Add to Cart
        </button>
      </div>
      <ErrorList id={errorId} errors={error ? [error] : null} />
      <ErrorList id={askId} errors={ask ? [ask] : null} />
    </>
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
