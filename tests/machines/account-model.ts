import { accountMachine } from '../../machines/account/account.machine';
import type { AccountEvent, AccountInput, Address, AddressValues, DetailsValues, UserProfile } from '../../machines/account/account.types';
import { newAddressValues } from '../../src/domain/address-forms';
import type { PathModel } from './test-model';

/**
 * The account machine's path model (shared by tests/machines/account.test.ts and the scenario
 * docs, docs/machines/account.md): the signed-in customer's start and the sample events.
 */

export const home: Address = {
  id: 1,
  firstName: 'Dana',
  lastName: 'Demo',
  company: null,
  mainContact: '(406) 555-0142',
  faxContact: null,
  addressName: 'Home',
  addressContact: null,
  addressType: 10,
  addressLine1: '1200 Ridgeline Road',
  addressLine2: null,
  city: 'Bozeman',
  state: 'MT',
  postalCode: '59715',
  country: 'United States',
  isDefaultShipping: true,
  isDefaultBilling: false,
  residential: true,
};
const office: Address = { ...home, id: 2, addressName: 'Office', isDefaultShipping: false, isDefaultBilling: true, residential: false };
const cabin: Address = { ...home, id: 3, addressName: 'Cabin', isDefaultBilling: true };

export const input: AccountInput = {
  email: 'demo@ridgeline.example',
  firstName: 'Dana',
  lastName: 'Demo',
  isSubscribed: false,
  isPending: false,
  addresses: [home, office],
};

export const details: DetailsValues = { firstName: 'Dana', lastName: 'Demo-Smith', phoneNumber: '(406) 555-0199' };
const updatedProfile: UserProfile = {
  keycloakId: 'user-1',
  fullName: 'Dana Demo-Smith',
  firstName: 'Dana',
  lastName: 'Demo-Smith',
  email: 'demo@ridgeline.example',
  phoneNumber: '(406) 555-0199',
  addresses: [home, office],
  orders: [],
};
const newAddress: AddressValues = { ...newAddressValues(), addressName: 'Cabin', firstName: 'Dana', lastName: 'Demo', mainContact: '(406) 555-0142', addressLine1: '9 Pine Lane', city: 'Whitefish', state: 'MT', postalCode: '59937' };
export const serverError = { name: 'ApiError', status: 500, message: 'Something went wrong on our side. Please try again.' };

export const events = [
  { type: 'details.submit', values: details },
  { type: 'xstate.done.actor.updateDetails', output: updatedProfile },
  { type: 'xstate.error.actor.updateDetails', error: serverError },
  { type: 'newsletter.subscribe' },
  { type: 'xstate.done.actor.subscribeNewsletter', output: { isSubscribed: true, isPending: false } },
  { type: 'xstate.error.actor.subscribeNewsletter', error: serverError },
  { type: 'newsletter.unsubscribe' },
  { type: 'xstate.done.actor.unsubscribeNewsletter' },
  { type: 'xstate.error.actor.unsubscribeNewsletter', error: serverError },
  { type: 'address.save', id: null, values: newAddress },
  { type: 'address.save', id: 2, values: { ...newAddress, addressName: 'Office' } },
  { type: 'address.save', id: 99, values: newAddress },
  { type: 'xstate.done.actor.saveAddress', output: [home, office, cabin] },
  { type: 'xstate.error.actor.saveAddress', error: serverError },
  { type: 'address.delete', id: 2 },
  { type: 'address.delete', id: 99 },
  { type: 'address.delete.confirm' },
  { type: 'address.delete.cancel' },
  { type: 'xstate.done.actor.deleteAddress', output: [home] },
  { type: 'xstate.error.actor.deleteAddress', error: serverError },
] as unknown as AccountEvent[];

export const accountModel: PathModel<typeof accountMachine> = {
  machine: accountMachine,
  options: {
    events,
    serializeTransition: (_state, event, previous) =>
      event ? ` via ${JSON.stringify(event)}${previous ? ` from ${JSON.stringify(previous.value)}` : ''}` : '',
  },
  starts: [{ name: '', input }],
};
