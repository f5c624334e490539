import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta, newsletterSubscriptions, reviews, users } from './schema';
import { DEMO_CUSTOMER } from '../identity/demo-customer';
import { authorName, boughtProduct } from '../accounts/reviews';
import { demoCustomerReviews, seedReviews } from '../accounts/seed-reviews';
import { normalizeEmail } from '../newsletter/newsletter-service';

const SEED_KEY = 'seed_accounts_v1';

/**
 * Seeds reviews and the demo customer's newsletter subscription. Runs on every start; must be
 * idempotent. Applied once per database (a marker row in app_meta, written in the same
 * transaction), so what customers did afterwards (a demo customer who unsubscribed) stays.
 */
export async function seedAccounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [first] = await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!first) return; // seeded before, or another process is seeding right now

    await tx.insert(reviews).values(
      seedReviews.map((r) => ({
        productDocumentId: r.productId,
        userId: null,
        authorName: r.authorName,
        rating: r.rating,
        title: r.title,
        body: r.body,
        verifiedBuyer: r.verifiedBuyer,
        createdAt: new Date(r.createdAt),
      })),
    );

    const [demo] = await tx.select().from(users).where(eq(users.id, DEMO_CUSTOMER.id));
    if (!demo) return;
    const own = [];
    for (const r of demoCustomerReviews) {
      own.push({
        productDocumentId: r.productId,
        userId: demo.id,
        authorName: authorName(demo),
        rating: r.rating,
        title: r.title,
        body: r.body,
        // The demo customer's past orders are seeded before this (seed.ts, seedCheckout).
        verifiedBuyer: await boughtProduct(tx, demo.id, r.productId),
        createdAt: new Date(r.createdAt),
      });
    }
    await tx.insert(reviews).values(own);
    await tx
      .insert(newsletterSubscriptions)
      .values({
        email: normalizeEmail(demo.email),
        firstName: demo.firstName,
        lastName: demo.lastName,
        status: 'subscribed',
        verifiedAt: sql`now()`,
      })
      .onConflictDoNothing();
  });
}
