import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TaxCode } from '../../../src/domain/tax-codes';

/** Small key/value facts about the database itself (seed version ...). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Guest identities: the unguessable token is the only credential a guest has. */
export const guests = pgTable('guests', {
  token: text('token').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's own catalogue: price, discount, stock, flags and restrictions per sku. The browser
 * never supplies any of these (DESIGN.md section 1, server-authoritative money and rules).
 */
export const skus = pgTable(
  'skus',
  {
    sku: text('sku').primaryKey(),
    productDocumentId: text('product_document_id').notNull(),
    productName: text('product_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    qtyOnHand: integer('qty_on_hand').notNull().default(0),
    isFflItem: boolean('is_ffl_item').notNull().default(false),
    isReceiverItem: boolean('is_receiver_item').notNull().default(false),
    /**
     * A handgun (or a handgun's frame): transferred only by a dealer in the buyer's state, the
     * billing address's (18 U.S.C. 922(b)(3); decision 077). Long guns keep the dealer rules.
     */
    isHandgun: boolean('is_handgun').notNull().default(false),
    /** Sales-tax code: general-merchandise, clothing, firearms or ammunition (decision 007, addendum). */
    taxCode: text('tax_code').$type<TaxCode>().notNull().default('general-merchandise'),
    /**
     * Sold only as part of a 3D-builder build (the platform and the builder's own parts): never a
     * cart line on its own, never in listings or search (issue 17, decision 027).
     */
    buildOnly: boolean('build_only').notNull().default(false),
    restrictedStates: jsonb('restricted_states').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    restrictedZips: jsonb('restricted_zips').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    imageUrl: text('image_url'),
    productUrl: text('product_url'),
  },
  (t) => [index('skus_product_idx').on(t.productDocumentId)],
);

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** The signed-in subject (keycloakId) for user carts. */
    userId: text('user_id'),
    guestToken: text('guest_token').references(() => guests.token),
    /** open | merged | ordered */
    status: text('status').notNull().default('open'),
    shippingMethodId: integer('shipping_method_id'),
    /** USPS state of the last computation's address: the sales-tax region (decision 007). */
    taxRegion: text('tax_region'),
    /** USPS state of the last computation's FFL dealer: the FFL lines' sales-tax region (decision 007). */
    dealerTaxRegion: text('dealer_tax_region'),
    /**
     * Set while a checkout of this cart is charging the card: the claim that keeps a double click
     * from charging twice. A claim older than a few minutes is stale (decision 007).
     */
    checkoutStartedAt: timestamp('checkout_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open cart per owner.
    uniqueIndex('carts_open_user_idx').on(t.userId).where(sql`status = 'open' and user_id is not null`),
    uniqueIndex('carts_open_guest_idx').on(t.guestToken).where(sql`status = 'open' and guest_token is not null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    sku: text('sku')
      .notNull()
      .references(() => skus.sku),
    quantity: integer('quantity').notNull(),
    options: jsonb('options').$type<{ label: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    optionIds: jsonb('option_ids').$type<(string | number)[]>().notNull().default(sql`'[]'::jsonb`),
    /** Identity of a line beyond its sku: same sku with other options or build is another line. */
    lineKey: text('line_key').notNull(),
    buildId: text('build_id'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_line_idx').on(t.cartId, t.lineKey)],
);

/**
 * The embedded content service: documents in the content-service form (decision 002), keyed by
 * kind (page | product | product-group) and slug or documentId.
 */
export const cmsDocuments = pgTable(
  'cms_documents',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * Shop customers. `id` is the OpenID Connect subject (the spec's keycloakId): a uuid for
 * accounts of the embedded provider, whatever the outside provider uses for just-in-time
 * provisioned ones (text, so a non-uuid subject still fits). Accounts provisioned from an outside
 * provider have no password here.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** scrypt$N$r$p$salt$hash (identity/passwords.ts); null for outside-provider accounts. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One account per email address, whatever its case.
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** The address book (spec shop-core section 3, Saved address). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    mainContact: text('main_contact').notNull(),
    faxContact: text('fax_contact'),
    addressName: text('address_name').notNull(),
    addressContact: text('address_contact'),
    addressType: integer('address_type').notNull().default(10),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('United States'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    residential: boolean('residential').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId)],
);

/**
 * One-time links mailed by the embedded identity provider (decision 033): a password reset
 * (30 minutes) or an email verification. Only the SHA-256 of the random token is kept, so a copy
 * of the database opens no account; a link works once (used_at) and not after expires_at.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** 'password_reset' | 'email_verification' (identity/account-tokens.ts). */
    purpose: text('purpose').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Everything the embedded OpenID Connect provider keeps (sessions, interactions, grants, codes,
 * refresh tokens, ...): one row per model and id, the payload as oidc-provider hands it over.
 * Rows past expires_at are treated as absent and purged now and then.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

// ------------------------------------------------------------------------------------------------
// Shop API (issue 4): shipping, promotions, orders and payments, newsletter, alerts, forms,
// dealers, reviews, mail.

/** Shipping methods offered at checkout (price 0 shows as Free). */
export const shippingMethods = pgTable('shipping_methods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/**
 * Promo codes. kind 'percent' takes `value` as a whole percentage, 'fixed' as cents. A code with
 * skus applies only to those cart lines (product-specific); without, to the whole cart.
 */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  value: integer('value').notNull(),
  skus: jsonb('skus').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  /** Drives the promotion pop-up: title, subtitle, promo_image, group1, group2 (content form). */
  promotionalPage: jsonb('promotional_page').$type<Record<string, unknown> | null>(),
});

export const cartPromoCodes = pgTable(
  'cart_promo_codes',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => promoCodes.code),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.code] })],
);

/** One order per cart: the cart id is what makes checkout idempotent (with Idempotency-Key). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    userId: text('user_id'),
    guestToken: text('guest_token'),
    idempotencyKey: text('idempotency_key'),
    email: text('email').notNull(),
    /** pending | processing | shipped | delivered | cancelled */
    status: text('status').notNull().default('processing'),
    /** paid | refunded | voided */
    paymentStatus: text('payment_status').notNull().default('paid'),
    customer: jsonb('customer').$type<Record<string, unknown>>().notNull(),
    /** The dealer as its record read when the order was placed (the server's, never the browser's). */
    dealer: jsonb('dealer').$type<Record<string, unknown> | null>(),
    /** The listed dealer the FFL items go to (decision 029); null without FFL items. */
    dealerId: integer('dealer_id').references(() => dealers.number, { onDelete: 'set null' }),
    shippingMethodName: text('shipping_method_name').notNull(),
    subTotalCents: integer('sub_total_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paymentId: text('payment_id'),
    /**
     * The card as the payment provider's charge answer named it (decision 037): its brand and last
     * four digits, never the number. Null for orders placed before they were kept, or when the
     * provider did not say.
     */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_cart_idx').on(t.cartId),
    index('orders_user_idx').on(t.userId),
    // Four digits or nothing: the column cannot hold a card number, whatever writes it.
    check('orders_card_last4_check', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    productUrl: text('product_url'),
    imageUrl: text('image_url'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    isFflItem: boolean('is_ffl_item').notNull().default(false),
    options: jsonb('options').$type<{ label: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    buildId: text('build_id'),
    notes: text('notes'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * Charges of the payment gateway (the sandbox gateway by default). A charge whose order could not
 * be written stays here as 'captured' with no order, for recovery, or is voided.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    cartId: integer('cart_id').notNull(),
    orderId: integer('order_id'),
    amountCents: integer('amount_cents').notNull(),
    /** captured | declined | voided | failed */
    status: text('status').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_cart_idx').on(t.cartId)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    email: text('email').primaryKey(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** pending (verification sent) | subscribed | unsubscribed */
    status: text('status').notNull().default('pending'),
    verifyToken: text('verify_token'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_verify_token_idx').on(t.verifyToken)],
);

export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('stock_alerts_email_sku_idx').on(t.email, t.sku)],
);

export const dealerRegistrations = pgTable(
  'dealer_registrations',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    /** Every submitted field but the passwords and the documents. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Relative to DATA_DIR, e.g. uploads/dealer-registrations/7/<random>.pdf (decision 008). */
    fflDocumentPath: text('ffl_document_path'),
    sotDocumentPath: text('sot_document_path'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One application per email address, whatever its case: a second one is 409 (decision 004).
  (t) => [uniqueIndex('dealer_registrations_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const imageRequests = pgTable('image_requests', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  lookingFor: text('looking_for').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Firearms registered by their owners for warranty service and recall notices (decision 023).
 * The serial number is stored upper-case; one registration per serial number and model (409).
 * The captcha is verified, never stored.
 */
export const productRegistrations = pgTable(
  'product_registrations',
  {
    id: serial('id').primaryKey(),
    productDocumentId: text('product_document_id').notNull(),
    productTitle: text('product_title').notNull(),
    serialNumber: text('serial_number').notNull(),
    /** YYYY-MM-DD. */
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    purchasedFrom: text('purchased_from').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    zip: text('zip').notNull(),
    /** Product and safety notices; safety recalls go to every owner whatever this says. */
    optInNotices: boolean('opt_in_notices').notNull(),
    /** The signed-in customer (OIDC subject) who registered it, when there was a bearer. */
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_registrations_product_serial_idx').on(t.productDocumentId, t.serialNumber),
    index('product_registrations_user_idx').on(t.userId),
  ],
);

export const dealers = pgTable('dealers', {
  /** Stable slug (seed key). */
  id: text('id').primaryKey(),
  /** The integer id the contract's Dealer carries (decision 004: dealer ids are integers). */
  number: serial('number').notNull().unique('dealers_number_key'),
  name: text('name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  postalCode: text('postal_code').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  active: boolean('active').notNull().default(true),
  /** The dealer form's email (shop-core section 3); the order's dealer comes from this record (decision 029). */
  email: text('email'),
  /** The federal firearms licence, e.g. '1-23-456-78-9A-12345'; only its last digits are public (decision 029). */
  licenceNumber: text('licence_number'),
  /** Last day the licence is valid. A dealer without one, or past it, cannot receive firearms. */
  licenceExpires: date('licence_expires', { mode: 'string' }),
});

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productDocumentId: text('product_document_id').notNull(),
    userId: text('user_id'),
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reviews_product_idx').on(t.productDocumentId), index('reviews_user_idx').on(t.userId)],
);

/** Mail waiting to be sent, or (embedded default) read at the dev mailbox page. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** Captcha solutions already used (ALTCHA), so one solution cannot be replayed. */
export const usedCaptchas = pgTable('used_captchas', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * First-party analytics events (POST /Analytics/events), sent by the storefront only after the
 * visitor accepted consent. No visitor identity is kept: the event, the page and the times.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    path: text('path').notNull(),
    /** When it happened in the browser (as sent). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt)],
);

/**
 * Rate-limit counters shared by every server process on one PostgreSQL database (issue 21 item
 * 3, server/src/forms/rate-limit-store.ts): one row per limit and client, counting hits in a
 * fixed window that ends at `window_ends` (the database's clock). PGlite keeps them in memory.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEnds)],
);
