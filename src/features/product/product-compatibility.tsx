import { useId } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { ProductPage } from './map-product';
import type { ProductAction, ProductChoices } from './product-state';
import styles from './product.module.css';

type Dispatch = (action: ProductAction) => void;

/**
 * Compatibility tabs (section 4): choosing a tab selects its first option; a tab without options
 * shows a disabled 'Coming Soon' button (section 8), and Add to Cart is disabled with it. React Aria's
 * tabs load with this part only, on the products that have tabs (decision 042).
 */
export default function CompatibilityTabs({ product, state, dispatch }: { product: ProductPage; state: ProductChoices; dispatch: Dispatch }) {
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

