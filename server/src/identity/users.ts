import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcPayloads, userAddresses, users } from '../db/schema';
import type { ResultOf } from '../contract/routes';
import { hashPassword, verifyPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;
export type AddressRow = typeof userAddresses.$inferSelect;
export type ProfileView = ResultOf<'getProfile'>;

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/**
 * The account, when the provider's grant of a token still lives (one statement, as findUserById):
 * after a password reset or change the grant is gone, and so is the token (issue 39).
 */
export async function findUserWithGrant(db: Db, id: string, grantId: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        sql`exists (select 1 from ${oidcPayloads} where ${oidcPayloads.model} = 'Grant' and ${oidcPayloads.id} = ${grantId} and (${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now()))`,
      ),
    );
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return user;
}

export interface NewUser {
  id?: string;
  email: string;
  password?: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  emailVerified?: boolean;
}

/** Creates an account; a taken email (any case) is an EmailTakenError, also under a race. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({
      id: input.id ?? randomUUID(),
      email: input.email.trim(),
      passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: input.phone?.trim() || null,
      emailVerified: input.emailVerified ?? false,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new EmailTakenError();
  return row;
}

/** The account whose email and password match, or undefined (never saying which was wrong). */
export async function authenticate(db: Db, email: string, password: string): Promise<UserRow | undefined> {
  const user = email.trim() ? await findUserByEmail(db, email) : undefined;
  const ok = await verifyPassword(password, user?.passwordHash);
  return ok ? user : undefined;
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The account's email address is proven to be its owner's (a verification or reset link was used). */
export async function setEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function updateDetails(
  db: Db,
  userId: string,
  details: { firstName: string; lastName: string; phone: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...details, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export function fullName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function addressView(a: AddressRow): ProfileView['addresses'][number] {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    mainContact: a.mainContact,
    faxContact: a.faxContact,
    addressName: a.addressName,
    addressContact: a.addressContact,
    // Written only through the address form's check, which takes the contract's three types.
    addressType: a.addressType as ProfileView['addresses'][number]['addressType'],
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
    country: a.country,
    isDefaultShipping: a.isDefaultShipping,
    isDefaultBilling: a.isDefaultBilling,
    residential: a.residential,
  };
}

/** The spec's User entity (shop-core section 3). Orders arrive with the orders table. */
export async function profileView(db: Db, user: UserRow): Promise<ProfileView> {
  const addresses = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, user.id))
    .orderBy(asc(userAddresses.id));
  return {
    keycloakId: user.id,
    fullName: fullName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phone,
    addresses: addresses.map(addressView),
    orders: [],
  };
}
