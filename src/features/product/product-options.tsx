import { useId } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { discountLabel, formatPrice } from '../../domain/money';
import { validOptions } from '../../domain/variant-selection';
import type { ProductPage, ProductSku } from './map-product';
import type { ProductAction, ProductChoices } from './product-state';
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

/** The ordered variant selects (section 4): each offers only options some sku has after the earlier choices. */
export function VariantSelects({ product, state, dispatch }: { product: ProductPage; state: ProductChoices; dispatch: Dispatch }) {
  const baseId = useId();
  if (product.selects.length === 0) return null;
  return (
    <div className={styles.selects}>
      {product.selects.map((select, index) => {
        const options = validOptions(product.selects, product.skus, state.selection, index);
        const id = `${baseId}-${index}`;
        return (
          <div key={select.id} className={styles.selectField}>
            <label htmlFor={id} className={styles.fieldLabel}>
              {select.label}
            </label>
            <select
              id={id}
              className={styles.select}
              value={state.selection[index] ?? ''}
              disabled={options.length === 0}
              onChange={(event) => dispatch({ type: 'variant.choose', index, value: event.target.value })}
            >
              {options.length === 0 ? <option value="">Not available</option> : null}
              {options.map((option) => (
                <option key={option.id} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
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

/**
 * Compatibility tabs (section 4): choosing a tab selects its first option; a tab without options
 * shows a disabled 'Coming Soon' button (section 8).
 */
export function CompatibilityTabs({ product, state, dispatch }: { product: ProductPage; state: ProductChoices; dispatch: Dispatch }) {
  const name = useId();
  const headingId = useId();
  if (product.compatibilityOptions.length === 0) return null;
  return (
    <div className={styles.compatibility}>
      <p id={headingId} className={styles.fieldLabel}>
        Compatibility
      </p>
      <Tabs
        selectedKey={state.compatibilityKey ?? undefined}
        onSelectionChange={(key) => dispatch({ type: 'compatibility.tab', key: String(key) })}
      >
        <TabList aria-labelledby={headingId} className={styles.tabList}>
          {product.compatibilityOptions.map((tab) => (
            <Tab key={tab.key} id={tab.key} className={styles.tab}>
              {tab.key}
            </Tab>
          ))}
        </TabList>
        {product.compatibilityOptions.map((tab) => (
          <TabPanel key={tab.key} id={tab.key} className={styles.tabPanel}>
            {tab.options.length === 0 ? (
              <Button isDisabled className={styles.comingSoon}>
                Coming Soon
              </Button>
            ) : (
              <fieldset className={styles.fieldset}>
                <legend className="visually-hidden">
                  {tab.fieldName} ({tab.key})
                </legend>
                <div className={styles.chips}>
                  {tab.options.map((option) => (
                    <label key={option.id} className={styles.chip}>
                      <input
                        type="radio"
                        name={`${name}-${tab.key}`}
                        className="visually-hidden"
                        checked={state.compatibilityOptionId === option.id}
                        onChange={() => dispatch({ type: 'compatibility.option', id: option.id })}
                      />
                      <span>{option.label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          </TabPanel>
        ))}
      </Tabs>
    </div>
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
