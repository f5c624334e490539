import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { dealers } from './schema';
import { dealers as seedRows } from '../../seed/dealers';

/**
 * Seeds dealers for the locator and the checkout's dealer step from server/seed/dealers.ts (with
 * their email and FFL licence, decision 029). Runs on every start; idempotent:
 * an upsert by slug that refreshes the seeded fields and keeps each dealer's number (the
 * contract's integer id), which the first insert gives in the seed file's order.
 */
export async function seedDealers(db: Db): Promise<void> {
  await db
    .insert(dealers)
    .values(
      seedRows.map(({ id, name, phoneNumber, address1, address2, city, state, postalCode, latitude, longitude, email, licenceNumber, licenceExpires }) => ({
        id,
        name,
        phoneNumber,
        address1,
        address2,
        city,
        state,
        postalCode,
        latitude,
        longitude,
        email,
        licenceNumber,
        licenceExpires,
      })),
    )
    .onConflictDoUpdate({
      target: dealers.id,
      set: {
        name: sql`excluded.name`,
        phoneNumber: sql`excluded.phone_number`,
        address1: sql`excluded.address1`,
        address2: sql`excluded.address2`,
        city: sql`excluded.city`,
        state: sql`excluded.state`,
        postalCode: sql`excluded.postal_code`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        email: sql`excluded.email`,
        licenceNumber: sql`excluded.licence_number`,
        licenceExpires: sql`excluded.licence_expires`,
      },
    });
}
