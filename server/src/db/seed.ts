import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta, cmsDocuments, skus } from './schema';
import { pages } from '../../seed/pages';
import { products } from '../../seed/products';
import { productGroups } from '../../seed/product-groups';
import { skus as catalogueSkus } from '../../seed/skus';
import { builderSkus } from '../../seed/builder';
import { seedDemoCustomer } from '../identity/demo-customer';
import { seedCheckout } from './seed-checkout';
import { seedAccounts } from './seed-accounts';
import { seedDealers } from './seed-dealers';

const SEED_KEY = 'seed_hash';
/** The catalogue's rows and the 3D builder's platform and parts (sold only as builds). */
const skuRows = [...catalogueSkus, ...builderSkus];

let memo: string | undefined;
function seedHash(): string {
  memo ??= createHash('sha256').update(JSON.stringify({ pages, products, productGroups, skuRows })).digest('hex');
  return memo;
}

/**
 * The deployed content's version, as the browser gets it (runtime settings `contentVersion`): the
 * seed's hash, so a deploy with other content drops the pages a browser session cached (issue 22).
 */
export function contentVersion(): string {
  return seedHash().slice(0, 16);
}

/**
 * Loads the demo catalogue and content from server/seed/, and the demo customer. Idempotent: a database already holding
 * this seed (same hash) is left alone; a changed seed updates content and catalogue fields but
 * never resets live stock of a sku that already exists.
 */
export async function seedDatabase(db: Db): Promise<{ applied: boolean }> {
  // The demo customer is checked on every start, apart from the catalogue's hash.
  await seedDemoCustomer(db);
  const hash = seedHash();
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
  if (current?.value === hash) {
    await seedShopData(db);
    return { applied: false };
  }

  await db.transaction(async (tx) => {
    const documents = [
      ...Object.entries(pages).map(([slug, data]) => ({
        kind: 'page',
        key: slug,
        title: String((data as { title?: string }).title ?? slug),
        subtitle: '',
        data: { ...(data as object), slug } as Record<string, unknown>,
      })),
      ...products.map((p) => ({
        kind: 'product',
        key: p.documentId,
        title: p.title,
        subtitle: p.subtitle ?? '',
        data: p as unknown as Record<string, unknown>,
      })),
      ...productGroups.map((g) => ({
        kind: 'product-group',
        key: g.documentId,
        title: g.title,
        subtitle: '',
        data: g as unknown as Record<string, unknown>,
      })),
    ];
    for (let i = 0; i < documents.length; i += 100) {
      await tx
        .insert(cmsDocuments)
        .values(documents.slice(i, i + 100))
        .onConflictDoUpdate({
          target: [cmsDocuments.kind, cmsDocuments.key],
          set: {
            title: sql`excluded.title`,
            subtitle: sql`excluded.subtitle`,
            data: sql`excluded.data`,
            updatedAt: sql`now()`,
          },
        });
    }
    const rows = skuRows.map((s) => ({
      sku: s.sku,
      productDocumentId: s.productDocumentId,
      productName: s.productName,
      priceCents: Math.round(s.price * 100),
      discountPercent: s.bestDiscountPercentage,
      qtyOnHand: s.qtyOnHand,
      isFflItem: s.isFflItem,
      isReceiverItem: s.isReceiverItem,
      isHandgun: s.isHandgun,
      taxCode: s.taxCode,
      buildOnly: s.buildOnly ?? false,
      restrictedStates: s.restrictedStates,
      restrictedZips: s.restrictedZips,
      imageUrl: s.imageUrl,
      productUrl: s.productUrl,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insert(skus)
        .values(rows.slice(i, i + 200))
        .onConflictDoUpdate({
          target: skus.sku,
          // qty_on_hand is live data once the shop runs: left as it is.
          set: {
            productDocumentId: sql`excluded.product_document_id`,
            productName: sql`excluded.product_name`,
            priceCents: sql`excluded.price_cents`,
            discountPercent: sql`excluded.discount_percent`,
            isFflItem: sql`excluded.is_ffl_item`,
            isReceiverItem: sql`excluded.is_receiver_item`,
            isHandgun: sql`excluded.is_handgun`,
            taxCode: sql`excluded.tax_code`,
            buildOnly: sql`excluded.build_only`,
            restrictedStates: sql`excluded.restricted_states`,
            restrictedZips: sql`excluded.restricted_zips`,
            imageUrl: sql`excluded.image_url`,
            productUrl: sql`excluded.product_url`,
          },
        });
    }
    await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash } });
  });
  await seedShopData(db);
  return { applied: true };
}

/** Shop data beyond the catalogue; each part is idempotent and checked on every start. */
async function seedShopData(db: Db): Promise<void> {
  // Dealers first: the demo customer's FFL order names its dealer by id (decision 029).
  await seedDealers(db);
  await seedCheckout(db);
  await seedAccounts(db);
}
