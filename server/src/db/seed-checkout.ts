import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from './client';
import { carts, dealers, orderItems, orders, payments, promoCodes, shippingMethods } from './schema';
import { productById, products } from '../../seed/products';
import { skus as seedSkus } from '../../seed/skus';
import { dealers as seedDealers } from '../../seed/dealers';
import { DEMO_CUSTOMER } from '../identity/demo-customer';
import { findUserByEmail } from '../identity/users';
import { finalPriceCents } from '../catalogue/pricing';
import { computeTotals, evaluatePromo, type PricedLine, type PromoRule } from '../checkout/totals';
import type { CustomerInfo } from '../checkout/customer-info';
import { shipToOf } from '../checkout/customer-info';
import { licenceEnding } from '../checkout/ffl-dealers';
import type { OrderDealer } from '../checkout/orders';

/** Shipping methods (spec shop-core section 3; price 0 shows as Free). Ids are fixed. */
export const SEED_SHIPPING_METHODS = [
  { id: 1, name: 'Ground', priceCents: 995, sortOrder: 1 },
  { id: 2, name: 'Two-Day', priceCents: 1995, sortOrder: 2 },
  { id: 3, name: 'Overnight', priceCents: 3995, sortOrder: 3 },
  { id: 4, name: 'Free Standard Shipping', priceCents: 0, sortOrder: 0 },
] as const;

const APPAREL = ['logo-tee', 'topo-hoodie', 'range-cap', 'ridgeline-trucker', 'field-softshell', 'ember-edition-tee'];
const skusOf = (documentIds: string[]) => products.filter((p) => documentIds.includes(p.documentId)).flatMap((p) => p.skus.map((s) => s.sku));
const emberSkus = seedSkus.filter((s) => /EMBER/.test(s.sku)).map((s) => s.sku);

function promoGroup(documentId: string) {
  const product = productById(documentId);
  return {
    display_type: product.display_type,
    documentId: product.documentId,
    products: [{ skus: product.skus.map((s) => ({ sku: s.sku })) }],
  };
}

/**
 * Demo promo codes (decision 007), one of each kind: percentage, fixed amount with a minimum,
 * product-specific, expired, and one with a promotional page for the promotion pop-up.
 */
export const SEED_PROMO_CODES: (typeof promoCodes.$inferInsert)[] = [
  { code: 'RIDGE10', name: '10% off your order', kind: 'percent', value: 10 },
  { code: 'SAVE25', name: '$25 off orders of $150 or more', kind: 'fixed', value: 2500, minSubtotalCents: 15_000 },
  { code: 'APPAREL20', name: '20% off apparel', kind: 'percent', value: 20, skus: skusOf(APPAREL) },
  {
    code: 'SPRING24',
    name: 'Spring 2024 sale',
    kind: 'percent',
    value: 15,
    startsAt: new Date('2024-03-01T00:00:00Z'),
    expiresAt: new Date('2024-06-01T00:00:00Z'),
  },
  {
    code: 'EMBER15',
    name: '15% off the Ember Edition',
    kind: 'percent',
    value: 15,
    skus: emberSkus,
    promotionalPage: {
      title: 'The Ember Edition',
      subtitle: 'Cerakote ember orange, numbered runs, and 15% off every Ember Edition piece while they last.',
      promo_image: { url: '/media/banners/ltd-ember-rp9-1--pistol-compact--ember.svg' },
      group1: promoGroup('rp-9-ember-edition'),
      group2: promoGroup('ember-edition-tee'),
    },
  },
];

/** Seeds shipping methods, promo codes and the demo customer's past orders. Runs on every start; must be idempotent. */
export async function seedCheckout(db: Db): Promise<void> {
  await db
    .insert(shippingMethods)
    .values(SEED_SHIPPING_METHODS.map((m) => ({ ...m })))
    .onConflictDoNothing();
  // Explicit ids leave the serial behind; keep it past them for methods added later.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('shipping_methods', 'id'), (select greatest(max(id), 1) from shipping_methods))`,
  );
  for (const promo of SEED_PROMO_CODES) {
    await db
      .insert(promoCodes)
      .values(promo)
      .onConflictDoUpdate({
        target: promoCodes.code,
        set: {
          name: promo.name,
          kind: promo.kind,
          value: promo.value,
          skus: promo.skus ?? [],
          minSubtotalCents: promo.minSubtotalCents ?? 0,
          startsAt: promo.startsAt ?? null,
          expiresAt: promo.expiresAt ?? null,
          promotionalPage: promo.promotionalPage ?? null,
        },
      });
  }
  await seedDemoOrders(db);
}

// ------------------------------------------------------------------------------------------------
// The demo customer's order history (README's demo account), so the account area has content.

const DAY = 24 * 60 * 60 * 1000;

interface DemoOrder {
  key: string;
  daysAgo: number;
  status: 'paid' | 'shipped';
  lines: { sku: string; quantity: number }[];
  shippingMethodId: number;
  promo?: string;
  customer: CustomerInfo;
  dealer?: OrderDealer;
  /** The listed dealer of `dealer` (its seed slug): the customer's last dealer (decision 029). */
  dealerSlug?: string;
  /** The card as a provider's charge answer names it (decision 037): sandbox test cards. */
  card: { brand: string; last4: string };
}

/** A seeded dealer's licence ending, as checkout keeps it on the order (decision 037). */
const licenceEndingOf = (slug: string) => licenceEnding(seedDealers.find((d) => d.id === slug)?.licenceNumber ?? null);

const demoName = `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`;
const office = {
  email: DEMO_CUSTOMER.email,
  name: demoName,
  company: 'Demo Outfitters LLC',
  mainContact: DEMO_CUSTOMER.phone,
  address: '45 Main Street',
  city: 'Billings',
  state: 'MT',
  zip: '59101',
  country: 'United States',
  optInNewsletter: false,
} as const;

const DEMO_ORDERS: DemoOrder[] = [
  {
    key: 'seed:demo-order:1',
    daysAgo: 212,
    status: 'shipped',
    lines: [
      { sku: 'TEE-LOGO-BLK-L', quantity: 2 },
      { sku: 'CAP-RANGE-BLK', quantity: 1 },
    ],
    shippingMethodId: 1,
    card: { brand: 'Mastercard', last4: '4444' },
    // A gift sent to Idaho: shipping differs from billing, and Idaho's 6% applies.
    customer: {
      ...office,
      shippingSameAsBilling: false,
      shippingName: 'Sam Demo',
      shippingAddress: '800 W Main Street',
      shippingCity: 'Boise',
      shippingState: 'ID',
      shippingZip: '83702',
      shippingCountry: 'United States',
      shippingMethodId: 1,
    },
  },
  {
    key: 'seed:demo-order:2',
    daysAgo: 121,
    status: 'shipped',
    lines: [
      { sku: 'SUMMIT-308-22-BLK', quantity: 1 },
      { sku: 'CLEAN-RIFLE', quantity: 1 },
    ],
    shippingMethodId: 2,
    promo: 'RIDGE10',
    customer: { ...office, shippingSameAsBilling: true, shippingMethodId: 2 },
    dealer: {
      dealerName: 'Gallatin Range Supply',
      dealerAddress: '610 N 7th Ave',
      dealerEmail: 'transfers@gallatinrangesupply.example',
      dealerPhone: '(406) 555-0133',
      dealerCity: 'Bozeman',
      dealerState: 'MT',
      dealerZip: '59715',
      dealerCountry: 'United States',
      licenceEnding: licenceEndingOf('gallatin-range-supply'),
    },
    dealerSlug: 'gallatin-range-supply',
    card: { brand: 'Visa', last4: '4242' },
  },
  {
    key: 'seed:demo-order:3',
    daysAgo: 23,
    status: 'paid',
    lines: [
      { sku: 'LPVO16-MOA-BLK', quantity: 1 },
      { sku: 'SLING2P-EMBER', quantity: 1 },
    ],
    shippingMethodId: 4,
    customer: { ...office, shippingSameAsBilling: true, shippingMethodId: 4 },
    card: { brand: 'American Express', last4: '8431' },
  },
];

/** The option rows a product page puts on a cart line: variant type and chosen option's title. */
function optionsOf(sku: string): { label: string; value: string }[] {
  for (const product of products) {
    const found = product.skus.find((s) => s.sku === sku);
    if (found) {
      return found.product_variant_options.map((o) => ({
        label: o.product_variant_type.display_title,
        value: o.title,
      }));
    }
  }
  return [];
}

async function seedDemoOrders(db: Db): Promise<void> {
  const demo = await findUserByEmail(db, DEMO_CUSTOMER.email);
  if (!demo) return;
  const done = await db
    .select({ key: orders.idempotencyKey })
    .from(orders)
    .where(inArray(orders.idempotencyKey, DEMO_ORDERS.map((o) => o.key)));
  const missing = DEMO_ORDERS.filter((o) => !done.some((d) => d.key === o.key));
  for (const demoOrder of missing) await writeDemoOrder(db, demo.id, demoOrder);
  // Orders written before dealers had ids (decision 029) get theirs; the dealers are seeded first.
  for (const demoOrder of DEMO_ORDERS.filter((o) => o.dealerSlug)) {
    await db
      .update(orders)
      .set({ dealerId: dealerNumberOf(demoOrder.dealerSlug!) })
      .where(and(eq(orders.idempotencyKey, demoOrder.key), isNull(orders.dealerId)));
  }
  // Orders written before they kept the card and the licence ending (decision 037) get them.
  for (const demoOrder of DEMO_ORDERS) {
    await db
      .update(orders)
      .set({ cardBrand: demoOrder.card.brand, cardLast4: demoOrder.card.last4 })
      .where(and(eq(orders.idempotencyKey, demoOrder.key), isNull(orders.cardLast4)));
    if (demoOrder.dealer?.licenceEnding) {
      await db
        .update(orders)
        .set({ dealer: sql`${orders.dealer} || ${JSON.stringify({ licenceEnding: demoOrder.dealer.licenceEnding })}::jsonb` })
        .where(and(eq(orders.idempotencyKey, demoOrder.key), sql`${orders.dealer}->>'licenceEnding' is null`));
    }
  }
}

/** A seeded dealer's number (the contract's id) by its slug; null when it is not there. */
const dealerNumberOf = (slug: string) => sql<number | null>`(select ${dealers.number} from ${dealers} where ${dealers.id} = ${slug})`;

async function writeDemoOrder(db: Db, userId: string, demoOrder: DemoOrder): Promise<void> {
  const at = new Date(Math.floor((Date.now() - demoOrder.daysAgo * DAY) / 60_000) * 60_000);
  const method = SEED_SHIPPING_METHODS.find((m) => m.id === demoOrder.shippingMethodId)!;
  const rows = demoOrder.lines.map((line, i) => {
    const sku = seedSkus.find((s) => s.sku === line.sku);
    if (!sku) throw new Error(`demo order ${demoOrder.key}: no sku ${line.sku}`);
    const listCents = Math.round(sku.price * 100);
    const priced: PricedLine = {
      id: i + 1,
      sku: sku.sku,
      quantity: line.quantity,
      listCents,
      unitCents: finalPriceCents(listCents, sku.bestDiscountPercentage),
      isFflItem: sku.isFflItem,
      taxCode: sku.taxCode,
    };
    return { line, sku, priced };
  });
  const lines = rows.map((r) => r.priced);
  let promoCents = 0;
  let promoLineIds: number[] | null = null;
  if (demoOrder.promo) {
    const rule = SEED_PROMO_CODES.find((p) => p.code === demoOrder.promo)!;
    const verdict = evaluatePromo(
      { skus: [], minSubtotalCents: 0, startsAt: null, expiresAt: null, active: true, ...rule } as PromoRule,
      lines,
      at,
    );
    if (verdict.applicable) ({ amountCents: promoCents, lineIds: promoLineIds } = verdict);
  }
  // Tax where the goods go (decision 007): FFL lines at the dealer's state.
  const dealerTaxRegion = demoOrder.dealer?.dealerState ?? null;
  const totals = computeTotals({
    lines,
    promoCents,
    promoLineIds,
    shippingCents: method.priceCents,
    taxRegion: shipToOf(demoOrder.customer).state,
    dealerTaxRegion,
  });
  const chargeId = `ch_seed_${demoOrder.key.split(':').pop()}`;

  await db.transaction(async (tx) => {
    const [cart] = await tx
      .insert(carts)
      .values({
        userId,
        status: 'ordered',
        shippingMethodId: method.id,
        taxRegion: shipToOf(demoOrder.customer).state,
        dealerTaxRegion,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: carts.id });
    const [order] = await tx
      .insert(orders)
      .values({
        cartId: cart.id,
        userId,
        idempotencyKey: demoOrder.key,
        email: demoOrder.customer.email,
        status: demoOrder.status,
        paymentStatus: 'paid',
        customer: demoOrder.customer as unknown as Record<string, unknown>,
        dealer: (demoOrder.dealer as unknown as Record<string, unknown>) ?? null,
        dealerId: demoOrder.dealerSlug ? dealerNumberOf(demoOrder.dealerSlug) : null,
        shippingMethodName: method.name,
        subTotalCents: totals.merchandiseCents,
        discountCents: totals.promoCents,
        shippingCents: totals.shippingCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        paymentId: chargeId,
        cardBrand: demoOrder.card.brand,
        cardLast4: demoOrder.card.last4,
        createdAt: at,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      rows.map(({ line, sku, priced }) => ({
        orderId: order.id,
        sku: sku.sku,
        productName: sku.productName,
        productUrl: sku.productUrl,
        imageUrl: sku.imageUrl,
        quantity: line.quantity,
        unitPriceCents: priced.unitCents,
        lineTotalCents: priced.unitCents * line.quantity,
        isFflItem: sku.isFflItem,
        options: optionsOf(sku.sku),
      })),
    );
    await tx
      .insert(payments)
      .values({ id: chargeId, cartId: cart.id, orderId: order.id, amountCents: totals.totalCents, status: 'captured', createdAt: at })
      .onConflictDoNothing();
  });
}
