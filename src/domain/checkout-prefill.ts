import type { components } from '../api/schema';
import { COUNTRY, emptyBilling, type BillingValues } from './checkout-forms';

type Profile = components['schemas']['User'];
type Address = Profile['addresses'][number];

/**
 * What the billing form starts from (shop-core.md section 5): the values submitted before, else a
 * signed-in customer's default billing and shipping addresses (the shipping one only when it is
 * another address), else empty; the first shipping method is chosen. `profile` is null for a guest.
 */
export function billingPrefill(profile: Profile | null, shippingMethods: readonly { id: number }[], submitted: BillingValues | null): BillingValues {
  if (submitted) return submitted;
  const base: BillingValues = { ...emptyBilling, shippingMethodId: shippingMethods[0]?.id ?? null };
  if (!profile) return base;
  const billing = profile.addresses.find((a) => a.isDefaultBilling);
  const shipping = profile.addresses.find((a) => a.isDefaultShipping);
  const withBilling = (a: Address | undefined): Partial<BillingValues> =>
    a
      ? {
          firstName: a.firstName,
          lastName: a.lastName,
          company: a.company ?? '',
          mainContact: a.mainContact ?? '',
          address: [a.addressLine1, a.addressLine2].filter(Boolean).join(', '),
          city: a.city,
          state: a.state,
          zip: a.postalCode,
          country: COUNTRY,
        }
      : { firstName: profile.firstName, lastName: profile.lastName, mainContact: profile.phoneNumber ?? '' };
  const separateShipping = !!shipping && !!billing && shipping.id !== billing.id;
  return {
    ...base,
    ...withBilling(billing ?? shipping),
    email: profile.email,
    shippingSameAsBilling: !separateShipping,
    ...(separateShipping
      ? {
          shippingFirstName: shipping.firstName,
          shippingLastName: shipping.lastName,
          shippingCompany: shipping.company ?? '',
          // The checkout's one 'Apartment, suite, care of' field: the address's line 2 and its care-of contact.
          addressContact: [shipping.addressLine2, shipping.addressContact].filter(Boolean).join(', '),
          shippingAddress: shipping.addressLine1,
          shippingCity: shipping.city,
          shippingState: shipping.state,
          shippingZip: shipping.postalCode,
          shippingCountry: COUNTRY,
        }
      : {}),
  };
}
