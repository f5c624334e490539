import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { formatUsPhone } from '../../src/domain/phone';
import type { AddressValues, DetailsValues, NewsletterStatus, SaveAddressInput, SubscribeInput } from './account.types';

/** The contract's saved address and profile (shop-core.md section 3). */
export type Address = components['schemas']['Address'];
export type UserProfile = components['schemas']['User'];
type AddressInput = components['schemas']['AddressInput'];
type UsState = components['schemas']['UsState'];
type Country = components['schemas']['Country'];

/** Optional text fields are left out when empty (the contract's patterns reject ''). */
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
/** Phones are kept as US numbers, (406) 555-0142 (shop-core.md section 5, input formatting). */
const phone = (value: string) => (value.trim() === '' ? '' : formatUsPhone(value));

/**
 * The address as the contract takes it (section 3: "The id is removed before creation"; the
 * form never holds the id, so neither POST nor PUT sends one).
 */
export function toAddressInput(values: AddressValues): AddressInput {
  const input: AddressInput = {
    addressName: values.addressName.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    company: optional(values.company),
    mainContact: phone(values.mainContact),
    faxContact: optional(phone(values.faxContact)),
    // The form's schema takes only ADDRESS_TYPES, the contract's enum (src/domain/address-forms.ts).
    addressType: values.addressType as AddressInput['addressType'],
    addressLine1: values.addressLine1.trim(),
    addressLine2: optional(values.addressLine2),
    addressContact: optional(values.addressContact),
    city: values.city.trim(),
    state: values.state as UsState,
    postalCode: values.postalCode.trim(),
    country: values.country as Country,
    isDefaultShipping: values.isDefaultShipping,
    isDefaultBilling: values.isDefaultBilling,
    residential: values.residential,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as AddressInput;
}

/** The account machines' actors over the API client (provided with machine.provide). */
export function createAccountActors(api: ApiClient) {
  return {
    updateDetails: fromPromise<UserProfile, DetailsValues>(({ input }) =>
      unwrap(
        api.PUT('/User/profile', {
          body: {
            firstName: input.firstName.trim(),
            lastName: input.lastName.trim(),
            ...(input.phoneNumber.trim() ? { phoneNumber: phone(input.phoneNumber) } : {}),
          },
        }),
      ),
    ),
    /** Subscribes, then reads the status again: an unverified address is pending, not subscribed. */
    subscribeNewsletter: fromPromise<NewsletterStatus, SubscribeInput>(async ({ input }) => {
      await unwrap(
        api.POST('/Newsletter/subscribe', {
          body: { email: input.email, ...(input.firstName ? { firstName: input.firstName } : {}), ...(input.lastName ? { lastName: input.lastName } : {}) },
        }),
      );
      return unwrap(api.GET('/Newsletter/status/{email}', { params: { path: { email: input.email } } }));
    }),
    unsubscribeNewsletter: fromPromise<void, { email: string }>(async ({ input }) => {
      await unwrap(api.POST('/Newsletter/unsubscribe', { body: { email: input.email } }));
    }),
    saveAddress: fromPromise<Address[], SaveAddressInput>(({ input }) =>
      input.id === null
        ? unwrap(api.POST('/User/addresses', { body: toAddressInput(input.values) }))
        : unwrap(api.PUT('/User/addresses/{id}', { params: { path: { id: input.id } }, body: toAddressInput(input.values) })),
    ),
    deleteAddress: fromPromise<Address[], { id: number }>(({ input }) =>
      unwrap(api.DELETE('/User/addresses/{id}', { params: { path: { id: input.id } } })),
    ),
    verifyEmail: fromPromise<void, { token: string }>(async ({ input }) => {
      await unwrap(api.GET('/Newsletter/verify/{token}', { params: { path: { token: input.token } } }));
    }),
  };
}
