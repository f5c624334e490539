import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userAddresses, users } from '../db/schema';
import type { BodyOf, ResultOf } from '../contract/routes';
import { addressView } from '../identity/users';
import { HttpError, badRequest, notFound } from '../problem';
import { formErrors, formSentence, type BodyForm } from '../form-rules';
import { ADDRESS_FORM_ERRORS, addressFields as addressFormFields, addressSchema } from '../../../src/domain/address-forms';

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

type Flags = Pick<typeof userAddresses.$inferInsert, 'isDefaultShipping' | 'isDefaultBilling' | 'residential'>;
type AddressFields = Omit<typeof userAddresses.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/**
 * The body carries the address form's fields under the form's own names (addressContact, the
 * form's 'Care of', has no rule but the contract's length, decision 037). The form's address type is a
 * select that takes any value (none is 0, 'required'); in the body it is an integer, so any other
 * type is left to the contract's check, like every other value of the wrong type.
 */
const ADDRESS_FORM: BodyForm = { fields: addressFormFields, schema: addressSchema, bodyTypes: { addressType: Number.isInteger } };

/**
 * The browser's address form (src/domain/address-forms.ts) checks a createAddress/updateAddress
 * body: every wrong field at once, each named by its body field, with the form's message:
 * 400 'Errors in the Address Form: city: City is required; postalCode: This zip code does not exist'.
 * The user routes run this before the contract's schema check (so a state outside the form's list
 * reads as the form says it), addressFields again for any other caller.
 */
export function checkAddressForm(body: unknown): void {
  const errors = formErrors(body, ADDRESS_FORM);
  if (errors.length) throw new HttpError(400, formSentence(ADDRESS_FORM_ERRORS, errors), { errors });
}

/**
 * The stored address: text trimmed; optional fields that are omitted (decision 004) or blank are
 * stored as null.
 */
export function addressFields(input: AddressInput, flags: Flags): AddressFields {
  checkAddressForm(input);
  const optional = (value: string | undefined) => value?.trim() || null;
  return {
    addressName: input.addressName.trim(),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    mainContact: input.mainContact.trim(),
    addressLine1: input.addressLine1.trim(),
    city: input.city.trim(),
    state: input.state.trim(),
    postalCode: input.postalCode.trim(),
    country: input.country.trim(),
    company: optional(input.company),
    faxContact: optional(input.faxContact),
    addressContact: optional(input.addressContact),
    addressLine2: optional(input.addressLine2),
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
