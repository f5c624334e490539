import type { Db } from '../db/client';
import { userAddresses } from '../db/schema';
import { createUser, EmailTakenError, findUserByEmail } from './users';

/** The demo customer of README.md: sign in with these to see the account area. */
export const DEMO_CUSTOMER = {
  id: '5e1f0c2a-7d3b-4c9e-9a51-2b7c6e8f0d41',
  email: 'demo@ridgeline.example',
  password: 'Ridgeline-demo-1',
  firstName: 'Dana',
  lastName: 'Demo',
  phone: '(406) 555-0142',
} as const;

/**
 * Creates the demo customer with a default shipping and a default billing address, once: an
 * existing account with that email is left as it is (its password may have been changed).
 * Past orders arrive with the orders table (a later issue).
 */
export async function seedDemoCustomer(db: Db): Promise<{ applied: boolean }> {
  if (await findUserByEmail(db, DEMO_CUSTOMER.email)) return { applied: false };
  let user;
  try {
    user = await createUser(db, { ...DEMO_CUSTOMER, emailVerified: true });
  } catch (error) {
    if (error instanceof EmailTakenError) return { applied: false }; // another process was first
    throw error;
  }
  const common = {
    userId: user.id,
    firstName: DEMO_CUSTOMER.firstName,
    lastName: DEMO_CUSTOMER.lastName,
    mainContact: DEMO_CUSTOMER.phone,
    addressType: 10,
    country: 'United States',
  };
  await db.insert(userAddresses).values([
    {
      ...common,
      addressName: 'Home',
      addressLine1: '1200 Ridgeline Road',
      city: 'Bozeman',
      state: 'MT',
      postalCode: '59715',
      isDefaultShipping: true,
      isDefaultBilling: false,
      residential: true,
    },
    {
      ...common,
      addressName: 'Office',
      company: 'Demo Outfitters LLC',
      addressLine1: '45 Main Street',
      addressLine2: 'Suite 300',
      city: 'Billings',
      state: 'MT',
      postalCode: '59101',
      isDefaultShipping: false,
      isDefaultBilling: true,
      residential: false,
    },
  ]);
  return { applied: true };
}
