// Helpers shared by the account-area API tests (addresses, newsletter, alerts, reviews).
import { desc, eq, sql } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib/v1';
import type { TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { carts, mailOutbox, orderItems, orders, skus } from '../../server/src/db/schema';

/**
 * Settings for the account-area suites: an easy proof of work, and form rate limits out of the
 * way (the suites post many forms from one address; the limits have their own tests).
 */
export const accountsTestConfig = { ALTCHA_MAX_NUMBER: 1_000, FORM_RATE_LIMIT: 10_000 };

/** Solves a fresh ALTCHA challenge of the server, as the widget does: the form's captcha value. */
export async function solveCaptcha(server: TestServer): Promise<string> {
  const res = await fetch(`${server.api}/Captcha/challenge`);
  if (res.status !== 200) throw new Error(`GET /Captcha/challenge answered ${res.status}`);
  const challenge = (await res.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('the challenge could not be solved');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature, took: solution.took };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export interface ApiResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export function apiClient(server: TestServer) {
  return async function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<ApiResult> {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${server.api}${path}`, { ...init, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

export async function newCustomer(server: TestServer, firstName = 'Casey', lastName = 'Customer') {
  const email = uniqueEmail(firstName.toLowerCase());
  const tokens = await register(server, { firstName, lastName, email, password: 'customer-password' });
  return { email, token: tokens.accessToken };
}

/** The outbox mails to one address, newest first. */
export async function mailsTo(server: TestServer, to: string) {
  return server.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

/** A sku of the product (the first one), for orders written by hand. */
export async function skuOf(server: TestServer, productDocumentId: string): Promise<string> {
  const [row] = await server.app.db.select({ sku: skus.sku }).from(skus).where(eq(skus.productDocumentId, productDocumentId)).limit(1);
  return row.sku;
}

/**
 * An order as checkout writes it (the checkout engineer's code places real ones): the read side
 * of the account area only needs the rows.
 */
export async function insertOrder(
  server: TestServer,
  userId: string,
  options: { sku: string; totalCents?: number; status?: string; createdAt?: Date },
): Promise<number> {
  const db = server.app.db;
  const [cart] = await db.insert(carts).values({ userId, status: 'ordered' }).returning({ id: carts.id });
  const [order] = await db
    .insert(orders)
    .values({
      cartId: cart.id,
      userId,
      email: 'orders@example.com',
      status: options.status ?? 'processing',
      paymentStatus: 'paid',
      customer: {},
      shippingMethodName: 'Ground',
      subTotalCents: options.totalCents ?? 10_000,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: options.totalCents ?? 10_000,
      createdAt: options.createdAt ?? sql`now()`,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({
    orderId: order.id,
    sku: options.sku,
    productName: 'Test item',
    quantity: 1,
    unitPriceCents: options.totalCents ?? 10_000,
    lineTotalCents: options.totalCents ?? 10_000,
  });
  return order.id;
}
