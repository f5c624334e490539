import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { clearErrorsOnInput } from '../../components/clear-errors-on-input';
import { CheckboxField, Field, SelectField } from '../../components/field';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_TYPES,
  addressSchema,
  addressValuesOf,
  newAddressValues,
  statesFor,
  type AddressInputValues,
  type AddressValues,
} from '../../domain/address-forms';
import { formatUsPhone } from '../../domain/phone';
import type { createAddressLoader } from './account-loaders';
import styles from './account.module.css';
import { accountInputOf, useAccount, useProfile } from './use-account';

/** The name of the hidden submitter Conform uses for its validation intents. */
const CONFORM_INTENT = '__intent__';

const formatPhoneInput = (event: ChangeEvent<HTMLInputElement>) => {
  event.currentTarget.value = formatUsPhone(event.currentTarget.value);
};

type TextName = Exclude<keyof AddressValues, 'addressType' | 'isDefaultShipping' | 'isDefaultBilling' | 'residential'>;

const countryOptions = ADDRESS_COUNTRIES.map((country) => ({ value: country, label: country }));
const typeOptions = ADDRESS_TYPES.map((type) => ({ value: String(type.value), label: type.label }));

/**
 * /profile/address-book/{id} (shop-core.md sections 2, 3, 5): the saved-address form, 'new' for a
 * new address (type 10, United States, both default flags and residential on). The state list
 * follows the chosen country. Save sends the values to the account machine (which drops the id
 * on creation) and returns to the address book.
 */
export function AddressFormScreen() {
  const { address } = useLoaderData<ReturnType<typeof createAddressLoader>>();
  const profile = useProfile();
  const account = useAccount(accountInputOf(profile));
  const navigate = useNavigate();
  const initial = address
    ? addressValuesOf(address)
    : newAddressValues({ firstName: profile?.firstName, lastName: profile?.lastName, phone: profile?.phoneNumber });
  const [country, setCountry] = useState(initial.country);

  const [form, fields] = useForm<AddressInputValues, AddressValues>({
    id: `address-${address?.id ?? 'new'}`,
    defaultValue: { ...initial, addressType: String(initial.addressType) },
    constraint: getZodConstraint(addressSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onBlur',
  });

  useEffect(() => {
    if (account.isSaved) navigate(paths.profileAddressBook);
  }, [account.isSaved, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    event.preventDefault();
    // Conform checks a field on blur by submitting with its intent button; only Save saves.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === CONFORM_INTENT) return;
    const submission = parseWithZod(new FormData(event.currentTarget), { schema: addressSchema });
    if (submission.status !== 'success') return;
    account.saveAddress(address?.id ?? null, submission.value);
  };

  const input = (
    name: TextName,
    label: string,
    options: { autoComplete?: string; wide?: boolean; phone?: boolean; hint?: string; maxLength?: number } = {},
  ) => {
    const field = fields[name];
    const hintId = options.hint ? `${field.id}-hint` : undefined;
    return (
      <Field
        label={label}
        errors={field.errors}
        errorId={field.errorId}
        className={options.wide ? styles.wide : undefined}
        hint={options.hint ? <span id={hintId}>{options.hint}</span> : undefined}
        inputProps={{
          ...getInputProps(field, { type: options.phone ? 'tel' : 'text' }),
          autoComplete: options.autoComplete,
          ...(options.phone ? { onChange: formatPhoneInput, placeholder: '(208) 555-0142' } : {}),
          ...(hintId ? { 'aria-describedby': hintId } : {}),
          ...(options.maxLength ? { maxLength: options.maxLength } : {}),
        }}
      />
    );
  };

  const checkbox = (name: 'isDefaultShipping' | 'isDefaultBilling' | 'residential', label: string) => (
    <CheckboxField label={label} inputProps={getInputProps(fields[name], { type: 'checkbox' })} />
  );

  const title = address ? 'Edit address' : 'Add New Address';
  const stateOptions = statesFor(country).map((state) => ({ value: state.code, label: state.name }));

  return (
    <section aria-labelledby="address-form-title">
      <h1 id="address-form-title" className={styles.title}>
        {title}
      </h1>
      <form {...getFormProps(form)} noValidate onSubmit={onSubmit} onInput={clearErrorsOnInput(form)} className={styles.form}>
        <div className={styles.grid}>
          {input('addressName', 'Address name', { wide: true })}
          {input('firstName', 'First name', { autoComplete: 'given-name' })}
          {input('lastName', 'Last name', { autoComplete: 'family-name' })}
          {input('company', 'Company (optional)', { autoComplete: 'organization', wide: true })}
          {input('mainContact', 'Phone', { autoComplete: 'tel', phone: true })}
          {input('faxContact', 'Fax (optional)', { phone: true })}
          {input('addressLine1', 'Address line 1', { autoComplete: 'address-line1', wide: true })}
          {input('addressLine2', 'Address line 2 (optional)', { autoComplete: 'address-line2', wide: true })}
          {/* The spec's addressContact (decision 040); line 2 already takes the apartment or suite. */}
          {input('addressContact', 'Care of (optional)', {
            wide: true,
            maxLength: 200,
            hint: 'Someone who receives deliveries for you at this address, for example a front desk.',
          })}
          {input('city', 'City', { autoComplete: 'address-level2' })}
          <SelectField
            label="Country"
            errors={fields.country.errors}
            errorId={fields.country.errorId}
            selectProps={{
              ...getSelectProps(fields.country),
              autoComplete: 'country-name',
              onChange: (event) => setCountry(event.currentTarget.value),
            }}
            options={countryOptions}
          />
          <SelectField
            label="State"
            errors={fields.state.errors}
            errorId={fields.state.errorId}
            selectProps={{ ...getSelectProps(fields.state), autoComplete: 'address-level1' }}
            options={stateOptions}
            placeholder="Select a state"
          />
          {input('postalCode', 'Postal code', { autoComplete: 'postal-code' })}
          <SelectField
            label="Address type"
            errors={fields.addressType.errors}
            errorId={fields.addressType.errorId}
            selectProps={getSelectProps(fields.addressType)}
            options={typeOptions}
          />
        </div>
        <fieldset className={styles.checks}>
          <legend>Options</legend>
          {checkbox('isDefaultShipping', 'Default shipping address')}
          {checkbox('isDefaultBilling', 'Default billing address')}
          {checkbox('residential', 'Residential address')}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={account.isSavingAddress}>
            {account.isSavingAddress ? 'Saving…' : 'Save address'}
          </button>
        </div>
      </form>
    </section>
  );
}
