import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CartApi, CartLineView } from '../../../machines/cart/cart.connect';
import { ErrorList } from '../../components/field';
import styles from './cart-contents.module.css';

/**
 * The cart panel's lines (shop-core.md section 2, "Cart panel"): image, name linking to the
 * product, option rows, quantity field (a changed value is sent when the field loses focus; 0
 * removes), price with the list price struck through when discounted, and the delete button.
 * Everything shown and every intent comes from the cart machine's connect() helper.
 */
export function CartLines({ lines }: Pick<CartApi, 'lines'>) {
  return (
    <ul className={styles.lines} aria-label="Products in the cart">
      {lines.map((line) => (
        <CartLine key={line.id} line={line} />
      ))}
    </ul>
  );
}

function CartLine({ line }: { line: CartLineView }) {
  const quantityId = `cart-line-${line.id}-quantity`;
  return (
    <li className={styles.line} aria-busy={line.isRemoving || undefined} data-build-id={line.buildId ?? undefined}>
      <div className={styles.media}>
        {line.imageUrl ? <img className={styles.image} src={line.imageUrl} alt="" loading="lazy" width={80} height={80} /> : null}
      </div>
      <div className={styles.details}>
        <Link className={styles.name} to={line.productUrl}>
          {line.name}
        </Link>
        {line.options.length > 0 ? (
          // A build's options are its parts, slot by slot (the build id stays out of sight).
          <dl className={styles.options} aria-label={line.buildId ? `Parts of ${line.name}` : undefined}>
            {line.options.map((option) => (
              <div className={styles.option} key={`${option.label}:${option.value}`}>
                <dt>{option.label}:</dt>
                <dd>{option.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {/* Where the shopper ships is known and this line cannot go there (decision 030). */}
        {line.restrictionNote ? <p className={styles.restriction}>{line.restrictionNote}</p> : null}
        <div className={styles.controls}>
          <label className={styles.quantityLabel} htmlFor={quantityId}>
            Qty
            <span className="visually-hidden"> of {line.name}</span>
          </label>
          {/* Reset to the machine's value whenever that changes (an answer, a queued change). */}
          <QuantityField key={line.quantity} id={quantityId} line={line} />
          <p className={styles.price}>
            {line.originalPriceText ? (
              <>
                <s className={styles.original}>
                  <span className="visually-hidden">Original price </span>
                  {line.originalPriceText}
                </s>{' '}
              </>
            ) : null}
            <span className={line.originalPriceText ? styles.sale : undefined}>
              {line.originalPriceText ? <span className="visually-hidden">Price now </span> : null}
              {line.priceText}
            </span>
            {line.discountText ? <span className={styles.discount}> {line.discountText}</span> : null}
          </p>
        </div>
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={line.removeLabel}
        disabled={line.isRemoving}
        onClick={line.remove}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

/**
 * The number as typed; sent on blur (Enter blurs too). A value the cart cannot take stays in the
 * field with the reason under it ('Only {n} left', the range) and is not sent (decision 027).
 */
function QuantityField({ id, line }: { id: string; line: CartLineView }) {
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  return (
    <>
      <input
        id={id}
        className={styles.quantity}
        type="number"
        inputMode="numeric"
        min={0}
        max={99}
        step={1}
        value={text}
        disabled={line.isRemoving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text.trim() === '') {
            setText(String(line.quantity));
            setError(null);
            return;
          }
          const problem = line.commitQuantity(Number(text));
          setError(problem);
          // An accepted change remounts the field with the new value; a refused one keeps what
          // was typed beside its reason.
          if (!problem) setText(String(line.quantity));
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
      />
      {error ? (
        <div className={styles.quantityError} role="alert">
          <ErrorList id={errorId} errors={[error]} />
        </div>
      ) : null}
    </>
  );
}

/** Footer amounts: Subtotal, Discount ($0.00 when none), Pre-Tax Total. */
export function CartTotals({ api }: { api: Pick<CartApi, 'subTotalText' | 'discountText' | 'preTaxTotalText'> }) {
  return (
    <dl className={styles.totals}>
      <div className={styles.totalRow}>
        <dt>Subtotal</dt>
        <dd>{api.subTotalText}</dd>
      </div>
      <div className={styles.totalRow}>
        <dt>Discount</dt>
        <dd>{api.discountText}</dd>
      </div>
      <div className={`${styles.totalRow} ${styles.grandTotal}`}>
        <dt>Pre-Tax Total</dt>
        <dd>{api.preTaxTotalText}</dd>
      </div>
    </dl>
  );
}

function TrashIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
