import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userAddresses, users } from '../db/schema';
import type { BodyOf, ResultOf } from '../contract/routes';
import { addressView } from '../identity/users';
import { HttpError, badRequest, notFound } from '../problem';
import { SHORT_POSTAL_CODE } from '../../../src/domain/address-forms';
import { zipMessage } from '../../../src/domain/checkout-forms';

export type AddressInput = BodyOf<'createAddress'>;
export type AddressBook = ResultOf<'createAddress'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A sane upper bound: an address book is a short list, not storage. */
export const MAX_ADDRESSES = 50;
export const ADDRESS_NOT_FOUND = 'Address not found';

/** Spec shop-core section 3 (Saved address): a new address defaults to these. */
export const ADDRESS_DEFAULTS = {
  addressType: 10,
  country: 'United States',
  isDefaultShipping: true,
  isDefaultBilling: true,
  residential: true,
} as const;

const REQUIRED_TEXT = ['addressName', 'firstName', 'lastName', 'mainContact', 'addressLine1', 'city', 'state', 'postalCode', 'country'] as const;
const OPTIONAL_TEXT = ['company', 'faxContact', 'addressContact', 'addressLine2'] as const;

type Flags = Pick<typeof userAddresses.$inferInsert, 'isDefaultShipping' | 'isDefaultBilling' | 'residential'>;
type AddressFields = Omit<typeof userAddresses.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/**
 * The contract has already checked types, lengths, patterns and enums; what it cannot see is text
 * made only of spaces, which the generic rule treats as empty ('{field} is required'). Optional
 * fields that are omitted (decision 004) or blank are stored as null.
 */
export function addressFields(input: AddressInput, flags: Flags): AddressFields {
  const text: Record<string, string> = {};
  for (const field of REQUIRED_TEXT) {
    const value = String(input[field] ?? '').trim();
    if (!value) throw badRequest(`${field} is required`);
    text[field] = value;
  }
  // The address form's zip rule (decision 026): a zip that exists, in the chosen state.
  const zipProblem = zipMessage(text.postalCode, text.state, SHORT_POSTAL_CODE);
  if (zipProblem) throw new HttpError(400, `postalCode: ${zipProblem}`, { errors: [{ field: 'postalCode', message: zipProblem }] });
  const optional: Record<string, string | null> = {};
  for (const field of OPTIONAL_TEXT) optional[field] = input[field]?.trim() || null;
  return {
    addressName: text.addressName,
    firstName: text.firstName,
    lastName: text.lastName,
    mainContact: text.mainContact,
    addressLine1: text.addressLine1,
    city: text.city,
    state: text.state,
    postalCode: text.postalCode,
    country: text.country,
    company: optional.company,
    faxContact: optional.faxContact,
    addressContact: optional.addressContact,
    addressLine2: optional.addressLine2,
    addressType: input.addressType ?? ADDRESS_DEFAULTS.addressType,
    ...flags,
  };
}

export async function listAddresses(db: Db | Tx, userId: string): Promise<AddressBook> {
  const rows = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId)).orderBy(asc(userAddresses.id));
  return rows.map(addressView);
}

/**
 * Address writes of one user run one at a time (the user row is locked), so two concurrent
 * "make this my default" calls cannot both win: there is at most one default shipping and one
 * default billing address per user.
 */
async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Setting a default flag clears it on the user's other addresses (decision 004). */
async function clearOtherDefaults(tx: Tx, userId: string, keepId: number, fields: Flags): Promise<void> {
  const others = and(eq(userAddresses.userId, userId), ne(userAddresses.id, keepId));
  if (fields.isDefaultShipping) await tx.update(userAddresses).set({ isDefaultShipping: false }).where(others);
  if (fields.isDefaultBilling) await tx.update(userAddresses).set({ isDefaultBilling: false }).where(others);
}

export async function createAddress(db: Db, userId: string, input: AddressInput): Promise<AddressBook> {
  const fields = addressFields(input, {
    isDefaultShipping: input.isDefaultShipping ?? ADDRESS_DEFAULTS.isDefaultShipping,
    isDefaultBilling: input.isDefaultBilling ?? ADDRESS_DEFAULTS.isDefaultBilling,
    residential: input.residential ?? ADDRESS_DEFAULTS.residential,
  });
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ n }] = await tx.select({ n: count() }).from(userAddresses).where(eq(userAddresses.userId, userId));
    if (n >= MAX_ADDRESSES) throw badRequest(`Your address book is full: it holds at most ${MAX_ADDRESSES} addresses. Delete one to add another.`);
    const [row] = await tx.insert(userAddresses).values({ ...fields, userId }).returning({ id: userAddresses.id });
    await clearOtherDefaults(tx, userId, row.id, fields);
    return listAddresses(tx, userId);
  });
}

/**
 * Replaces the address (PUT). Default and residential flags left out keep their current value:
 * an edit of the street must not quietly make the address the default.
 */
export async function updateAddress(db: Db, userId: string, id: number, input: AddressInput): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await ownAddress(tx, userId, id);
    const fields = addressFields(input, {
      isDefaultShipping: input.isDefaultShipping ?? current.isDefaultShipping,
      isDefaultBilling: input.isDefaultBilling ?? current.isDefaultBilling,
      residential: input.residential ?? current.residential,
    });
    await tx.update(userAddresses).set(fields).where(eq(userAddresses.id, id));
    await clearOtherDefaults(tx, userId, id, fields);
    return listAddresses(tx, userId);
  });
}

export async function deleteAddress(db: Db, userId: string, id: number): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await ownAddress(tx, userId, id);
    await tx.delete(userAddresses).where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
    return listAddresses(tx, userId);
  });
}

/** Someone else's address is answered exactly like one that does not exist (DESIGN.md section 6). */
async function ownAddress(tx: Tx, userId: string, id: number) {
  const [row] = await tx
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return row;
}
