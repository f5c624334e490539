import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { CheckoutApi } from '../../../machines/checkout/checkout.connect';
import { clearErrorsOnInput } from '../../components/clear-errors-on-input';
import { CheckboxField, ErrorList, Field, SelectField } from '../../components/field';
import {
  billingSchema,
  billingWithDealerSchema,
  COUNTRY,
  US_STATES,
  type BillingValues,
  type DealerValues,
} from '../../domain/checkout-forms';
import { formatShipping } from '../../domain/money';
import { formatUsPhone } from '../../domain/phone';
import type { ShippingMethod } from './checkout-loaders';
import styles from './checkout.module.css';

/** The name of the hidden submitter Conform uses for its validation intents. */
const CONFORM_INTENT = '__intent__';

const stateOptions = US_STATES.map((state) => ({ value: state.code, label: state.name }));
const countryOptions = [{ value: COUNTRY, label: COUNTRY }];

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The form's values as the machine takes them (it validates them itself with the same rules). */
function readBilling(data: FormData): BillingValues {
  const method = Number(text(data, 'shippingMethodId'));
  return {
    email: text(data, 'email'),
    firstName: text(data, 'firstName'),
    lastName: text(data, 'lastName'),
    company: text(data, 'company'),
    mainContact: text(data, 'mainContact'),
    address: text(data, 'address'),
    city: text(data, 'city'),
    state: text(data, 'state'),
    zip: text(data, 'zip'),
    country: text(data, 'country'),
    shippingFirstName: text(data, 'shippingFirstName'),
    shippingLastName: text(data, 'shippingLastName'),
    shippingCompany: text(data, 'shippingCompany'),
    addressContact: text(data, 'addressContact'),
    shippingAddress: text(data, 'shippingAddress'),
    shippingCity: text(data, 'shippingCity'),
    shippingState: text(data, 'shippingState'),
    shippingZip: text(data, 'shippingZip'),
    shippingCountry: text(data, 'shippingCountry') || COUNTRY,
    optInNewsletter: data.get('optInNewsletter') === 'on',
    shippingSameAsBilling: data.get('shippingSameAsBilling') === 'on',
    shippingMethodId: Number.isInteger(method) && method > 0 ? method : null,
  };
}

function readDealer(data: FormData): DealerValues {
  return {
    dealerName: text(data, 'dealerName'),
    dealerAddress: text(data, 'dealerAddress'),
    dealerEmail: text(data, 'dealerEmail'),
    dealerPhone: text(data, 'dealerPhone'),
    dealerCity: text(data, 'dealerCity'),
    dealerState: text(data, 'dealerState'),
    dealerZip: text(data, 'dealerZip'),
    dealerCountry: text(data, 'dealerCountry') || COUNTRY,
  };
}

/** US phone formatting while typing (section 5). */
const formatPhoneInput = (event: ChangeEvent<HTMLInputElement>) => {
  event.currentTarget.value = formatUsPhone(event.currentTarget.value);
};

type TextName = Exclude<keyof BillingValues, 'shippingMethodId' | 'optInNewsletter' | 'shippingSameAsBilling'> | keyof DealerValues;
/** The one form of the billing step, as Conform sees it. */
type BillingFormShape = { [K in TextName]?: string } & { shippingMethodId?: string; optInNewsletter?: boolean; shippingSameAsBilling?: boolean };

export interface BillingDefaults {
  billing: BillingValues;
  dealer: DealerValues;
}

interface BillingStepProps {
  checkout: CheckoutApi;
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
export function BillingStep({ checkout, shippingMethods, hasFfl, defaults, lockedEmail }: BillingStepProps) {
  const [sameAsBilling, setSameAsBilling] = useState(defaults.billing.shippingSameAsBilling);
  const [form, fields] = useForm<BillingFormShape>({
    id: 'checkout-billing',
    defaultValue: {
      ...defaults.billing,
      ...defaults.dealer,
      shippingMethodId: defaults.billing.shippingMethodId === null ? '' : String(defaults.billing.shippingMethodId),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hasFfl ? billingWithDealerSchema : billingSchema }) as never,
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
    checkout.submitBilling(readBilling(data), hasFfl ? readDealer(data) : null);
  };

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
    <form {...getFormProps(form)} onSubmit={onSubmit} onInput={clearErrorsOnInput(form)} className={styles.form} aria-label="Billing and shipping">
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

      {hasFfl ? (
        <section className={styles.card} aria-labelledby="dealer-heading">
          <h2 id="dealer-heading" className={styles.cardTitle}>
            FFL dealer
          </h2>
          <p className={styles.muted}>Firearms in your cart ship to a federally licensed dealer near you.</p>
          <div className={styles.grid}>
            {input('dealerName', 'Dealer name', { className: styles.wide })}
            {input('dealerEmail', 'Dealer email', { type: 'email' })}
            {phone('dealerPhone', 'Dealer phone')}
            {input('dealerAddress', 'Dealer address', { className: styles.wide })}
            {input('dealerCity', 'City')}
            {select('dealerState', 'State', stateOptions, 'Select a state')}
            {input('dealerZip', 'Zip code')}
            {select('dealerCountry', 'Country', countryOptions)}
          </div>
        </section>
      ) : null}

      <CheckboxField
        label="Subscribe to our newsletter"
        inputProps={getInputProps(fields.optInNewsletter, { type: 'checkbox' })}
      />

      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={checkout.isBillingBusy}>
          {checkout.isBillingBusy ? 'Checking…' : 'Next'}
        </button>
      </div>
    </form>
  );
}
