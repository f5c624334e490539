import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { CheckoutApi } from '../../../machines/checkout/checkout.connect';
import type { FflDealerApi } from '../../../machines/ffl-dealer/ffl-dealer.connect';
import { clearErrorsOnInput } from '../../components/clear-errors-on-input';
import { CheckboxField, ErrorList, Field, SelectField } from '../../components/field';
import {
  billingFields,
  billingStepSchema,
  COUNTRY,
  emptyBilling,
  shippingDestination,
  US_STATES,
  type BillingStepInput,
  type BillingStepValues,
  type BillingValues,
} from '../../domain/checkout-forms';
import { formatShipping } from '../../domain/money';
import { NEWSLETTER_TEXTS } from '../../domain/newsletter-texts';
import { formatUsPhone } from '../../domain/phone';
import type { ShippingMethod } from './checkout-loaders';
import styles from './checkout.module.css';
import { DealerStep } from './dealer-step';

/** The name of the hidden submitter Conform uses for its validation intents. */
const CONFORM_INTENT = '__intent__';

const stateOptions = US_STATES.map((state) => ({ value: state.code, label: state.name }));
const countryOptions = [{ value: COUNTRY, label: COUNTRY }];

/**
 * The form's values as the machine takes them, read by Conform with the form's own fields schema
 * (which never fails on the form's values). Next sends them even when a rule fails: the machine
 * checks them with the same schema and says which form has errors (section 4).
 */
function billingValuesOf(data: FormData): BillingValues {
  const submission = parseWithZod(data, { schema: billingFields });
  return submission.status === 'success' ? submission.value : emptyBilling;
}

/** US phone formatting while typing (section 5). */
const formatPhoneInput = (event: ChangeEvent<HTMLInputElement>) => {
  event.currentTarget.value = formatUsPhone(event.currentTarget.value);
};

type TextName = Exclude<keyof BillingStepValues, 'shippingMethodId' | 'optInNewsletter' | 'shippingSameAsBilling'>;

export interface BillingDefaults {
  billing: BillingValues;
}

interface BillingStepProps {
  checkout: CheckoutApi;
  /** The FFL dealer step (null until the checkout has started it). */
  dealer: FflDealerApi | null;
  /** The maps key from the runtime settings, for the dealers' map. */
  mapToken?: string;
  shippingMethods: ShippingMethod[];
  hasFfl: boolean;
  defaults: BillingDefaults;
  /** Signed in: the email is the account's and cannot be changed here (section 5). */
  lockedEmail: string | null;
}

/**
 * The billing step (shop-core.md sections 2 and 5): billing, shipping (hidden while it equals
 * billing), shipping method, dealer (FFL items only), newsletter, Next. Conform shows each field's
 * errors with the spec's messages; Next sends the values to the checkout machine, which decides.
 */
export function BillingStep({ checkout, dealer, mapToken, shippingMethods, hasFfl, defaults, lockedEmail }: BillingStepProps) {
  const [sameAsBilling, setSameAsBilling] = useState(defaults.billing.shippingSameAsBilling);
  const schema = useMemo(() => billingStepSchema({ ffl: hasFfl }), [hasFfl]);
  const [form, fields] = useForm<BillingStepInput, BillingStepValues>({
    id: 'checkout-billing',
    defaultValue: defaults.billing,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    event.preventDefault();
    // Conform validates fields as they change by submitting with an intent button; only Next
    // (a submit without intent) goes to the machine.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute('name') === CONFORM_INTENT) return;
    const data = new FormData(event.currentTarget);
    checkout.submitBilling(billingValuesOf(data));
  };

  // The dealer search starts from where the goods would go: the shipping zip, else the billing
  // zip, as the form has it (the machine keeps a zip the shopper typed in the search itself).
  const latestDealer = useRef(dealer);
  latestDealer.current = dealer;
  const dealerReady = dealer !== null;
  useEffect(() => {
    if (!dealerReady) return;
    latestDealer.current?.suggestZip(shippingDestination(defaults.billing).zip);
    // A handgun's dealer must be in the billing state, the buyer's residence (decision 077).
    latestDealer.current?.setResidence(defaults.billing.state ?? '');
  }, [dealerReady, defaults.billing]);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    clearErrorsOnInput(form)(event);
    const name = (event.target as Partial<HTMLInputElement> | null)?.name;
    const values = billingValuesOf(new FormData(event.currentTarget));
    // What is typed is kept by the checkout, so a reload or a later visit shows it again.
    checkout.saveDraft(values);
    if (dealer && (name === 'zip' || name === 'shippingZip' || name === 'shippingSameAsBilling')) {
      dealer.suggestZip(shippingDestination(values).zip);
    }
    if (dealer && name === 'state') dealer.setResidence(values.state ?? '');
  };
  const { update } = form;
  const clearChoiceError = useCallback(() => update({ name: 'dealerId', validated: false }), [update]);

  const input = (name: TextName, label: string, options: { type?: 'text' | 'email' | 'tel'; autoComplete?: string; className?: string } = {}) => {
    const field = fields[name];
    return (
      <Field
        label={label}
        errors={field.errors}
        errorId={field.errorId}
        className={options.className}
        inputProps={{ ...getInputProps(field, { type: options.type ?? 'text' }), autoComplete: options.autoComplete }}
      />
    );
  };

  const select = (name: TextName, label: string, options: { value: string; label: string }[], placeholder?: string) => {
    const field = fields[name];
    return (
      <SelectField
        label={label}
        errors={field.errors}
        errorId={field.errorId}
        selectProps={getSelectProps(field)}
        options={options}
        placeholder={placeholder}
      />
    );
  };

  const phone = (name: 'mainContact' | 'dealerPhone', label: string, autoComplete?: string) => {
    const field = fields[name];
    return (
      <Field
        label={label}
        errors={field.errors}
        errorId={field.errorId}
        inputProps={{ ...getInputProps(field, { type: 'tel' }), autoComplete, onChange: formatPhoneInput, placeholder: '(208) 555-0142' }}
      />
    );
  };

  const emailField = fields.email;
  const methodField = fields.shippingMethodId;

  return (
    <form {...getFormProps(form)} onSubmit={onSubmit} onInput={onInput} className={styles.form} aria-label="Billing and shipping">
      <section className={styles.card} aria-labelledby="billing-heading">
        <h2 id="billing-heading" className={styles.cardTitle}>
          Billing address
        </h2>
        <div className={styles.grid}>
          {lockedEmail !== null ? (
            <>
              <Field
                label="Email"
                errors={emailField.errors}
                errorId={emailField.errorId}
                className={styles.wide}
                inputProps={{ id: emailField.id, type: 'email', value: lockedEmail, disabled: true, readOnly: true }}
                hint="The email of your account"
              />
              <input type="hidden" name={emailField.name} value={lockedEmail} />
            </>
          ) : (
            input('email', 'Email', { type: 'email', autoComplete: 'email', className: styles.wide })
          )}
          {input('firstName', 'First name', { autoComplete: 'billing given-name' })}
          {input('lastName', 'Last name', { autoComplete: 'billing family-name' })}
          {input('company', 'Company (optional)', { autoComplete: 'billing organization' })}
          {phone('mainContact', 'Phone (optional)', 'billing tel')}
          {input('address', 'Address', { autoComplete: 'billing street-address', className: styles.wide })}
          {input('city', 'City', { autoComplete: 'billing address-level2' })}
          {select('state', 'State', stateOptions, 'Select a state')}
          {input('zip', 'Zip code', { autoComplete: 'billing postal-code' })}
          {select('country', 'Country', countryOptions)}
        </div>
        <CheckboxField
          label="Ship to the same address"
          inputProps={{
            ...getInputProps(fields.shippingSameAsBilling, { type: 'checkbox' }),
            onChange: (event) => setSameAsBilling(event.currentTarget.checked),
          }}
        />
      </section>

      {!sameAsBilling ? (
        <section className={styles.card} aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" className={styles.cardTitle}>
            Shipping address
          </h2>
          <div className={styles.grid}>
            {input('shippingFirstName', 'First name', { autoComplete: 'shipping given-name' })}
            {input('shippingLastName', 'Last name', { autoComplete: 'shipping family-name' })}
            {input('shippingCompany', 'Company (optional)', { autoComplete: 'shipping organization' })}
            {input('addressContact', 'Apartment, suite, care of (optional)', { autoComplete: 'shipping address-line2' })}
            {input('shippingAddress', 'Address', { autoComplete: 'shipping address-line1', className: styles.wide })}
            {input('shippingCity', 'City', { autoComplete: 'shipping address-level2' })}
            {select('shippingState', 'State', stateOptions, 'Select a state')}
            {input('shippingZip', 'Zip code', { autoComplete: 'shipping postal-code' })}
            {select('shippingCountry', 'Country', countryOptions)}
          </div>
        </section>
      ) : null}

      <section className={styles.card} aria-labelledby="method-heading">
        <fieldset
          className={styles.methods}
          aria-invalid={methodField.errors?.length ? true : undefined}
          aria-describedby={methodField.errors?.length ? methodField.errorId : undefined}
        >
          <legend id="method-heading" className={styles.cardTitle}>
            Shipping method
          </legend>
          {shippingMethods.map((method) => (
            <label key={method.id} className={styles.method}>
              <input
                type="radio"
                name={methodField.name}
                value={String(method.id)}
                defaultChecked={methodField.initialValue === String(method.id)}
              />
              <span className={styles.methodName}>{method.name}</span>
              <span className={styles.methodPrice}>{formatShipping(method.price)}</span>
            </label>
          ))}
          <ErrorList id={methodField.errorId} errors={methodField.errors} />
        </fieldset>
      </section>

      {hasFfl && dealer ? (
        <DealerStep
          dealer={dealer}
          mapToken={mapToken}
          onChosen={clearChoiceError}
          fields={{
            dealerId: fields.dealerId,
            dealerName: fields.dealerName,
            dealerAddress: fields.dealerAddress,
            dealerEmail: fields.dealerEmail,
            dealerPhone: fields.dealerPhone,
            dealerCity: fields.dealerCity,
            dealerState: fields.dealerState,
            dealerZip: fields.dealerZip,
            dealerCountry: fields.dealerCountry,
          }}
        />
      ) : null}

      <CheckboxField
        label="Subscribe to our newsletter"
        inputProps={getInputProps(fields.optInNewsletter, { type: 'checkbox' })}
        hint={NEWSLETTER_TEXTS.checkoutHint}
      />

      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={checkout.isBillingBusy}>
          {checkout.isBillingBusy ? 'Checking…' : 'Next'}
        </button>
      </div>
    </form>
  );
}
