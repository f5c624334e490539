import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { registeredValues, type DealerRegistrationValues, type DocumentValue } from '../../src/domain/dealer-registration';
import { US_STATES } from '../../src/domain/us-zips';
import type { SubmittedValues } from '../forms/form-submit.types';

type RegistrationBody = components['schemas']['DealerRegistration'];
type UsState = components['schemas']['UsState'];
type Country = components['schemas']['Country'];

const STATE_CODES = new Set(US_STATES.map((state) => state.code));
const isUsState = (value: string): value is UsState => STATE_CODES.has(value);

/** The machine sends only a form that passed the rules; anything else is a bug, not a request. */
function usState(value: string): UsState {
  if (isUsState(value)) return value;
  throw new RangeError(`Not a US state code: ${value}`);
}
function country(value: string): Country {
  if (value === 'United States') return value;
  throw new RangeError(`Not an offered country: ${value}`);
}
const flag = (on: boolean) => (on ? 'true' : 'false');
const document = (file: DocumentValue | undefined) => (file instanceof Blob ? file : undefined);

/**
 * The contract's multipart body (section 7; openapi DealerRegistration) from the form's values:
 * what is registered (the shipping address copied into the blocks that use it, the locator block
 * and the FFL fields only when switched on), switches as 'true'/'false', files as files, an empty
 * SOT EIN left out. The captcha is not part of it (it travels in the X-Captcha header).
 */
export function registrationBody(values: DealerRegistrationValues): RegistrationBody {
  const v = registeredValues(values);
  return {
    company: v.company,
    website: v.website,
    phone: v.phone,
    email: v.email,
    password: v.password,
    confirmPassword: v.confirmPassword,
    firstName: v.firstName,
    lastName: v.lastName,
    streetAddress: v.streetAddress,
    city: v.city,
    state: usState(v.state),
    postalCode: v.postalCode,
    country: country(v.country),
    useForBillingAddress: flag(v.useForBillingAddress),
    billingStreetAddress: v.billingStreetAddress,
    billingCity: v.billingCity,
    billingState: usState(v.billingState),
    billingPostalCode: v.billingPostalCode,
    billingCountry: country(v.billingCountry),
    appearInDealerLocator: flag(v.appearInDealerLocator),
    useThisAddressInDealerLocator: flag(v.useThisAddressInDealerLocator),
    ...(v.appearInDealerLocator
      ? {
          locatorStreetAddress: v.locatorStreetAddress,
          locatorCity: v.locatorCity,
          locatorState: usState(v.locatorState),
          locatorPostalCode: v.locatorPostalCode,
          locatorCountry: country(v.locatorCountry),
        }
      : {}),
    hasFflSot: flag(v.hasFflSot),
    ...(v.hasFflSot
      ? { fflNumber: v.fflNumber, sotEin: v.sotEin || undefined, fflDocument: document(v.fflDocument), sotDocument: document(v.sotDocument) }
      : {}),
  };
}

/** The body as multipart form data: files with their names, text as text, absent values left out. */
export function toFormData(body: RegistrationBody): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) data.append(name, value, value instanceof File ? value.name : name);
    else if (typeof value === 'string') data.append(name, value);
  }
  return data;
}

/**
 * The registration machine's actor (the form-submit machine's `send`), provided by the screen with
 * `dealerRegistrationMachine.provide({ actors: createRegistrationActors(api) })`; tests provide fakes.
 *
 * POST Registration/dealer (section 7; contract registerDealer): the contract's body, sent as
 * multipart form data (the browser sets the boundary itself); the captcha travels in the
 * X-Captcha header.
 */
export function createRegistrationActors(api: ApiClient) {
  return {
    send: fromPromise<string | null, SubmittedValues>(async ({ input, signal }) => {
      // The form-submit machine's values: here always the registration form's, past its rules.
      const values = input as DealerRegistrationValues;
      const answer = await unwrap(
        api.POST('/Registration/dealer', {
          params: { header: { 'X-Captcha': values.captcha } },
          body: registrationBody(values),
          bodySerializer: toFormData,
          signal,
        }),
      );
      return answer.message;
    }),
  };
}
