import { Fragment, useId } from 'react';
import { discountLabel, formatPrice } from '../../domain/money';
import { optionStates } from '../../domain/variant-selection';
import type { ProductPage, ProductSku, SizeGuide } from './map-product';
import { SIZE, type ProductAction, type ProductChoices } from './product-state';
import styles from './product.module.css';

type Dispatch = (action: ProductAction) => void;

/** Price of the chosen sku (section 9): the final price, the struck-through list price and '(N% off)'. */
export function ProductPrice({ sku }: { sku: ProductSku | null }) {
  if (!sku || sku.price === null || sku.finalPrice === null) {
    return <p className={styles.priceMissing}>Price not available for this configuration</p>;
  }
  const discount = discountLabel(sku.price, sku.finalPrice);
  return (
    <p className={styles.price} data-testid="product-price">
      {discount ? <span className="visually-hidden">Sale price </span> : null}
      <span className={styles.finalPrice}>{formatPrice(sku.finalPrice)}</span>
      {discount ? (
        <>
          <span className="visually-hidden"> Regular price </span>
          <s className={styles.listPrice}>{formatPrice(sku.price)}</s>
          <span className={styles.discount}>{discount}</span>
        </>
      ) : null}
    </p>
  );
}

const unavailableText = { 'sold-out': ', sold out', unavailable: ', not available with these choices' } as const;

/**
 * The ordered variant selects (section 4) as groups of radio buttons (decision 042): every value
 * shows; one sold out, or not made with the earlier choices, is struck through and can still be
 * chosen. Choosing resets the later selects (section 4); a polite live region says which.
 */
export function VariantOptions({
  product,
  state,
  dispatch,
  idPrefix,
}: {
  product: ProductPage;
  state: ProductChoices;
  dispatch: Dispatch;
  /** Each group's legend is `${idPrefix}-${index}`; Add to Cart points at the one still to choose. */
  idPrefix: string;
}) {
  if (product.selects.length === 0) return null;
  const labelOf = (index: number, value: string | null) =>
    product.selects[index].options.find((option) => option.value === value)?.label ?? null;
  const resets = state.resets.map(({ index, value }) => `${product.selects[index].label} to ${labelOf(index, value) ?? 'Choose'}`);
  return (
    <div className={styles.selects}>
      {product.selects.map((select, index) => {
        const chosen = state.selection[index] ?? null;
        const legendId = `${idPrefix}-${index}`;
        const guide = product.sizeGuide && SIZE.test(select.label) ? product.sizeGuide : null;
        return (
          <Fragment key={select.id}>
            <fieldset role="radiogroup" aria-labelledby={legendId} className={styles.fieldset}>
              <legend id={legendId} className={styles.fieldLabel}>
                {select.label}
                <span className={styles.chosenValue} aria-hidden="true">
                  : {labelOf(index, chosen) ?? 'Choose'}
                </span>
              </legend>
              <div className={styles.chips}>
                {optionStates(product.selects, product.skus, state.selection, index, (sku) => sku.quantity > 0).map(
                  ({ option, state: shown }) => (
                    <label key={option.id} className={styles.chip} data-unavailable={shown === 'available' ? undefined : ''}>
                      <input
                        type="radio"
                        name={legendId}
                        value={option.value}
                        className="visually-hidden"
                        checked={chosen === option.value}
                        onChange={() => dispatch({ type: 'variant.choose', index, value: option.value })}
                        // Read as 'Flat Dark Earth, sold out' (a hidden span beside the chip's text
                        // would be read with a space before its comma).
                        aria-label={shown === 'available' ? undefined : `${option.label}${unavailableText[shown]}`}
                      />
                      <span className={styles.chipText}>{option.label}</span>
                    </label>
                  ),
                )}
              </div>
            </fieldset>
            {guide ? <SizeGuideTable guide={guide} /> : null}
          </Fragment>
        );
      })}
      <p aria-live="polite" className={styles.resetNote}>
        {resets.length > 0 ? `Reset ${resets.join(' and ')}.` : null}
      </p>
    </div>
  );
}

/** The garment's size guide (decision 046): a disclosure under the sizes, no script of its own. */
function SizeGuideTable({ guide }: { guide: SizeGuide }) {
  return (
    <details className={styles.sizeGuide}>
      <summary>Size guide</summary>
      <table>
        <caption>{guide.title}</caption>
        <thead>
          <tr>
            {guide.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {guide.rows.map(([size, ...values]) => (
            <tr key={size}>
              <th scope="row">{size}</th>
              {values.map((value, index) => (
                <td key={guide.columns[index + 1]}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {guide.note ? <p>{guide.note}</p> : null}
    </details>
  );
}

/** Colour swatches (section 4): the first available colour starts chosen. */
export function ColorSwatches({ product, state, dispatch }: { product: ProductPage; state: ProductChoices; dispatch: Dispatch }) {
  const name = useId();
  if (product.colorOptions.length === 0) return null;
  const fieldName = product.colorOptions[0].fieldName;
  const chosen = product.colorOptions.find((c) => c.id === state.colorId);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.fieldLabel}>
        {fieldName}
        {chosen ? <span className={styles.chosenValue}>: {chosen.label}</span> : null}
      </legend>
      <div className={styles.swatches}>
        {product.colorOptions.map((color) => (
          <label key={color.id} className={styles.swatch} title={color.label}>
            <input
              type="radio"
              name={name}
              className="visually-hidden"
              checked={state.colorId === color.id}
              onChange={() => dispatch({ type: 'color.choose', id: color.id })}
            />
            <span className={styles.swatchDot} style={{ backgroundColor: color.value }} aria-hidden="true" />
            <span className="visually-hidden">{color.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Add-on cards, grouped by their field (section 4: they toggle on and off). */
export function AddOns({
  product,
  state,
  dispatch,
  prominent = false,
}: {
  product: ProductPage;
  state: ProductChoices;
  dispatch: Dispatch;
  /** The rifle layout shows them as a section of their own with larger cards. */
  prominent?: boolean;
}) {
  const headingId = useId();
  if (product.addOns.length === 0) return null;
  const groups = [...new Set(product.addOns.map((a) => a.group))];
  return (
    <section aria-labelledby={headingId} className={prominent ? styles.addOnsProminent : styles.addOns}>
      <h2 id={headingId} className={prominent ? styles.sectionHeading : styles.subHeading}>
        {prominent ? 'Complete Your Build' : 'Add-ons'}
      </h2>
      {groups.map((group) => (
        <div key={group} className={styles.addOnGroup}>
          <h3 className={styles.addOnGroupTitle}>{group}</h3>
          <ul className={styles.addOnList}>
            {product.addOns
              .filter((a) => a.group === group)
              .map((addOn) => {
                const on = state.addOnIds.includes(addOn.id);
                return (
                  <li key={addOn.id}>
                    <button
                      type="button"
                      className={styles.addOnCard}
                      aria-pressed={on}
                      onClick={() => dispatch({ type: 'addOn.toggle', id: addOn.id })}
                    >
                      {addOn.image ? <img src={addOn.image.url} alt="" className={styles.addOnImage} loading="lazy" /> : null}
                      <span className={styles.addOnText}>
                        <span className={styles.addOnLabel}>{addOn.label}</span>
                        <span className={styles.addOnPrice}>+{formatPrice(addOn.price)}</span>
                      </span>
                      <span className={styles.addOnState} aria-hidden="true">
                        {on ? 'Added' : 'Add'}
                      </span>
                    </button>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </section>
  );
}
