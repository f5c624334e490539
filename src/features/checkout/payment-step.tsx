import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import type { CheckoutApi, OrderReview as Review } from '../../../machines/checkout/checkout.connect';
import { clearErrorsOnInput } from '../../components/clear-errors-on-input';
import { Field, SelectField } from '../../components/field';
import { detectCardBrand, expiryMonths, expiryYears, formatCardNumber } from '../../domain/card';
import { cardSchema, promoSchema } from '../../domain/checkout-forms';
import styles from './checkout.module.css';
import { OrderReview } from './order-review';

const monthOptions = expiryMonths.map((month) => ({ value: month, label: month }));
const yearOptions = expiryYears().map((year) => ({ value: year, label: year }));

/**
 * The payment step (shop-core.md sections 2 and 5): card form (number grouped as it is typed,
 * brand shown, month 01-12, year this year + 9, security code), promo code, Back and Place Order.
 * The card goes to the payment provider's script through the machine, never to our API. First,
 * the review of what the order sends (issue 18), whose Edit buttons go back like Back does.
 */
export function PaymentStep({ checkout, review }: { checkout: CheckoutApi; review: Review | null }) {
  const [cardNumber, setCardNumber] = useState('');
  const brand = detectCardBrand(cardNumber);

  const [cardForm, card] = useForm({
    id: 'checkout-card',
    constraint: getZodConstraint(cardSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cardSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      checkout.placeOrder(submission.value);
    },
  });

  const [promoForm, promo] = useForm({
    id: 'checkout-promo',
    constraint: getZodConstraint(promoSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promoSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === 'success' && submission.value.promoCode) checkout.applyPromo(submission.value.promoCode);
    },
  });

  return (
    <div className={styles.form}>
      {review ? <OrderReview review={review} canEdit={checkout.canGoBack} onEdit={checkout.back} /> : null}
      <section className={styles.card} aria-labelledby="card-heading">
        <h2 id="card-heading" className={styles.cardTitle}>
          Card payment
        </h2>
        <form {...getFormProps(cardForm)} onInput={clearErrorsOnInput(cardForm)} aria-labelledby="card-heading" className={styles.cardForm}>
          <Field
            label="Card number"
            errors={card.cardNumber.errors}
            errorId={card.cardNumber.errorId}
            className={styles.wide}
            hint={<span aria-live="polite">{brand ? `Card brand: ${brand}` : '\u00a0'}</span>}
            inputProps={{
              ...getInputProps(card.cardNumber, { type: 'text' }),
              value: cardNumber,
              onChange: (event) => setCardNumber(formatCardNumber(event.currentTarget.value)),
              inputMode: 'numeric',
              autoComplete: 'cc-number',
              placeholder: '4242 4242 4242 4242',
            }}
          />
          <SelectField
            label="Month"
            errors={card.month.errors}
            errorId={card.month.errorId}
            selectProps={{ ...getSelectProps(card.month), autoComplete: 'cc-exp-month' }}
            options={monthOptions}
            placeholder="MM"
          />
          <SelectField
            label="Year"
            errors={card.year.errors}
            errorId={card.year.errorId}
            selectProps={{ ...getSelectProps(card.year), autoComplete: 'cc-exp-year' }}
            options={yearOptions}
            placeholder="YYYY"
          />
          <Field
            label="Security code"
            errors={card.cardCode.errors}
            errorId={card.cardCode.errorId}
            inputProps={{
              ...getInputProps(card.cardCode, { type: 'text' }),
              inputMode: 'numeric',
              autoComplete: 'cc-csc',
              maxLength: 4,
            }}
          />
        </form>
        {checkout.paymentError ? (
          <p className={styles.paymentError} role="alert">
            {checkout.paymentError}
          </p>
        ) : null}
      </section>

      <section className={styles.card} aria-labelledby="promo-heading">
        <h2 id="promo-heading" className={styles.cardTitle}>
          Discount code
        </h2>
        <form {...getFormProps(promoForm)} onInput={clearErrorsOnInput(promoForm)} aria-labelledby="promo-heading" className={styles.promoForm}>
          <Field
            label="Promo code"
            errors={promo.promoCode.errors}
            errorId={promo.promoCode.errorId}
            inputProps={{ ...getInputProps(promo.promoCode, { type: 'text' }), autoComplete: 'off' }}
          />
          <button type="submit" className={styles.secondary} disabled={checkout.isApplyingPromo}>
            Apply
          </button>
        </form>
      </section>

      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={checkout.back} disabled={!checkout.canGoBack}>
          Back
        </button>
        <button type="submit" form={cardForm.id} className={styles.primary} aria-disabled={checkout.isPlacingOrder || undefined}>
          {checkout.isPlacingOrder ? 'Placing order…' : 'Place Order'}
        </button>
      </div>
    </div>
  );
}
