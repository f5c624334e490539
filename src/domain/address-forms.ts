import { z } from 'zod';
import { COUNTRY, US_STATES, zipMessage } from './checkout-forms';
import { isUsPhone } from './phone';

/**
 * The account area's forms (shop-core.md sections 3 and 5): the saved-address form and the
 * personal details form. The spec gives no messages for these ("Specific messages for these are
 * not shown"), so they follow the generic form rules: '{field} is required', and the phone
 * pattern's 'Must be a valid phone number' (the same rule the server checks, openapi Phone).
 *
 * Every text field is trimmed and '' when empty, and all rules run in one refinement, so every
 * wrong field is reported at once, whether the values come from Conform (empty -> undefined) or
 * from a machine event (empty -> ''). The forms' value types are the schemas' outputs.
 *
 * The server's address book (server/src/accounts/address-book.ts) checks the address body with
 * this very form (addressSchema), before the contract's schema check: every wrong field at once,
 * named by its body field, in this form's words ('Errors in the Address Form: city: City is
 * required'). Types and lengths stay the contract's (openapi AddressInput).
 */

export const INVALID_PHONE = 'Must be a valid phone number';
export const SHORT_POSTAL_CODE = 'Postal code must be at least 5 digits';
/** The title of the server's 400 for an address body that breaks this form's rules. */
export const ADDRESS_FORM_ERRORS = 'Errors in the Address Form';

/** Default address type of a new address (section 9). */
export const DEFAULT_ADDRESS_TYPE = 10;

/** Address types offered by the form; the spec names only the default (10). */
export const ADDRESS_TYPES: readonly { value: number; label: string }[] = [
  { value: 10, label: 'Shipping and billing' },
  { value: 20, label: 'Shipping only' },
  { value: 30, label: 'Billing only' },
];

/** Countries offered (section 5: only United States), each with its own list of states. */
export const ADDRESS_COUNTRIES: readonly string[] = [COUNTRY];

/** The state list depends on the chosen country (section 5); an unknown country has none. */
export function statesFor(country: string | null | undefined): readonly { code: string; name: string }[] {
  return country === COUNTRY ? US_STATES : [];
}

/** A text field: trimmed; '' when empty (Conform hands an empty field over as undefined). */
const text = z.string().trim().default('');
/** A checkbox: Conform reads 'on' as true; an unchecked box is absent, so false. */
const flag = z.boolean().default(false);
const blank = (value: string) => value === '';

/** Labels used in the messages, in the form's order. */
export const ADDRESS_LABELS = {
  addressName: 'Address name',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  mainContact: 'Phone',
  faxContact: 'Fax',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressContact: 'Care of',
  city: 'City',
  country: 'Country',
  state: 'State',
  postalCode: 'Postal code',
  addressType: 'Address type',
} as const;

const REQUIRED_ADDRESS_FIELDS = [
  'addressName',
  'firstName',
  'lastName',
  'mainContact',
  'addressLine1',
  'city',
  'state',
  'postalCode',
  'country',
  'addressType',
] as const;

function required(label: string) {
  return `${label} is required`;
}

/** The saved-address form's fields (section 3, Saved address without id). */
export const addressFields = z.object({
  addressName: text,
  firstName: text,
  lastName: text,
  company: text,
  mainContact: text,
  faxContact: text,
  addressLine1: text,
  addressLine2: text,
  /** The spec's addressContact: who receives the parcel there ('c/o'), optional (decision 040). */
  addressContact: text,
  city: text,
  state: text,
  postalCode: text,
  country: text,
  // A select of numbers ('10' as the form posts it); anything else is no choice (0), reported as required below.
  addressType: z.coerce.number().catch(0),
  isDefaultShipping: flag,
  isDefaultBilling: flag,
  residential: flag,
});

/** The address form's values; strings are '' when empty. */
export type AddressValues = z.output<typeof addressFields>;
/** The address form's fields as Conform holds them (before defaults). */
export type AddressInputValues = z.input<typeof addressFields>;

export const addressSchema = addressFields.superRefine((values, ctx) => {
  for (const name of REQUIRED_ADDRESS_FIELDS) {
    if (name === 'addressType' ? values.addressType === 0 : blank(values[name])) ctx.addIssue({ code: 'custom', path: [name], message: required(ADDRESS_LABELS[name]) });
  }
  if (!blank(values.mainContact) && !isUsPhone(values.mainContact)) {
    ctx.addIssue({ code: 'custom', path: ['mainContact'], message: INVALID_PHONE });
  }
  if (!blank(values.faxContact) && !isUsPhone(values.faxContact)) {
    ctx.addIssue({ code: 'custom', path: ['faxContact'], message: INVALID_PHONE });
  }
  // The checkout forms' zip rule (decision 026): format, a zip that exists, in the chosen state.
  const postalCodeMessage = blank(values.postalCode) ? null : zipMessage(values.postalCode, values.state, SHORT_POSTAL_CODE);
  if (postalCodeMessage) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: postalCodeMessage });
  // A country outside the list, or a state that is not in the chosen country's list.
  if (!blank(values.country) && !ADDRESS_COUNTRIES.includes(values.country)) {
    ctx.addIssue({ code: 'custom', path: ['country'], message: required(ADDRESS_LABELS.country) });
  }
  if (!blank(values.state) && !statesFor(values.country).some((s) => s.code === values.state)) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: required(ADDRESS_LABELS.state) });
  }
  if (values.addressType !== 0 && !ADDRESS_TYPES.some((t) => t.value === values.addressType)) {
    ctx.addIssue({ code: 'custom', path: ['addressType'], message: required(ADDRESS_LABELS.addressType) });
  }
});

/** A new address (section 3): type 10, United States, both default flags on, residential on. */
export function newAddressValues(defaults: { firstName?: string; lastName?: string; phone?: string | null } = {}): AddressValues {
  return {
    addressName: '',
    firstName: defaults.firstName ?? '',
    lastName: defaults.lastName ?? '',
    company: '',
    mainContact: defaults.phone ?? '',
    faxContact: '',
    addressLine1: '',
    addressLine2: '',
    addressContact: '',
    city: '',
    state: '',
    postalCode: '',
    country: COUNTRY,
    addressType: DEFAULT_ADDRESS_TYPE,
    isDefaultShipping: true,
    isDefaultBilling: true,
    residential: true,
  };
}

/** A saved address as the form's values (the id stays outside the form). */
export function addressValuesOf(address: {
  addressName: string;
  firstName: string;
  lastName: string;
  company: string | null;
  mainContact: string;
  faxContact: string | null;
  addressLine1: string;
  addressLine2: string | null;
  addressContact?: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  addressType: number;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
  residential: boolean;
}): AddressValues {
  return {
    addressName: address.addressName,
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company ?? '',
    mainContact: address.mainContact,
    faxContact: address.faxContact ?? '',
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? '',
    addressContact: address.addressContact ?? '',
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    addressType: address.addressType,
    isDefaultShipping: address.isDefaultShipping,
    isDefaultBilling: address.isDefaultBilling,
    residential: address.residential,
  };
}

/** Personal details (/profile/details): the email is read-only and not part of the form. */
export const detailsFields = z.object({ firstName: text, lastName: text, phoneNumber: text });

export type DetailsValues = z.output<typeof detailsFields>;

export const detailsSchema = detailsFields.superRefine((values, ctx) => {
    if (blank(values.firstName)) ctx.addIssue({ code: 'custom', path: ['firstName'], message: required('First name') });
    if (blank(values.lastName)) ctx.addIssue({ code: 'custom', path: ['lastName'], message: required('Last name') });
    if (!blank(values.phoneNumber) && !isUsPhone(values.phoneNumber)) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: INVALID_PHONE });
    }
  });
