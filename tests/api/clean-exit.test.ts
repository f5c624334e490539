import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratch-database';
import { openDatabase } from '../../server/src/db/client';
import { orders } from '../../server/src/db/schema';
import { SANDBOX_TEST_CARDS } from '../../server/src/payments/sandbox-gateway';
import { SHUTTING_DOWN } from '../../server/src/shutdown';
import { pgliteTemplate, postgresTemplate } from '../support/database-template';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { billing } from './checkout-support';

/**
 * A clean exit (issue 39 item 5, decision 075): the real server process (`node server/src/main.ts`)
 * gets SIGTERM while checkouts are in flight on keep-alive connections. Every checkout in flight
 * completes, every request that arrives afterwards is answered 503 with `Connection: close` (on a
 * new connection too), nothing waits for the 72 s keep-alive timeout, and the process exits well
 * within 10 s. The orders in the database afterwards are exactly the checkouts answered 200.
 * PostgreSQL with TEST_DATABASE_URL, else PGlite in a directory of its own.
 */
const CHECKOUTS = 4;
const EXIT_WITHIN_MS = 10_000;

let shop: ServerProcess;
let database: ScratchDatabase | undefined;
let dataDir: string | undefined;
/** Keep-alive connections, as a browser or a load balancer keeps them. */
const agent = new Agent({ keepAlive: true, maxSockets: CHECKOUTS + 2 });

interface Answer {
  status: number;
  connection?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

function call(url: string, options: { method?: string; json?: unknown; headers?: Record<string, string>; fresh?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const req = httpRequest(url, {
      method: options.method ?? 'GET',
      agent: options.fresh ? false : agent,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text ? JSON.parse(text) : undefined }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A guest with a cart of one line and a sandbox card token: ready to check out. */
async function readyGuest() {
  const guest = (await call(`${shop.api}/Auth/guest`, { method: 'POST' })).body.guestToken as string;
  const cart = await call(`${shop.api}/Cart/guest/${guest}/items`, { method: 'POST', json: [{ productId: 'CASE42-BLK', quantity: 1 }] });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const token = await call(`${shop.baseUrl}/payments-sandbox/v1/tokens`, {
    method: 'POST',
    json: { number: SANDBOX_TEST_CARDS.approved, month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return { guest, cartId: cart.body.id as number, paymentToken: token.body.id as string };
}

const freeSockets = () => Object.values(agent.freeSockets).reduce((n, list) => n + (list?.length ?? 0), 0);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  const env = { FORM_RATE_LIMIT: '1000', LOG_LEVEL: 'info' };
  if (process.env.TEST_DATABASE_URL) {
    database = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'shop_test', postgresTemplate());
    shop = await startServerProcess({ databaseUrl: database.url, env });
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-clean-exit-'));
    // The API project's seeded template, unpacked where the process opens PGlite (DATA_DIR/pglite):
    // migrating and seeding from nothing took the process some 30 s of a loaded machine.
    const template = pgliteTemplate();
    if (template) {
      const pglite = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: template });
      await pglite.waitReady;
      await pglite.close();
    }
    shop = await startServerProcess({ dataDir, env });
  }
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await shop?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM (issue 39 item 5)', () => {
  it('in-flight checkouts complete, later requests get 503 with Connection: close, the process exits within 10 s; no order lost or doubled', async () => {
    const guests = await Promise.all(Array.from({ length: CHECKOUTS + 2 }, () => readyGuest()));
    expect(freeSockets()).toBeGreaterThan(0);

    // A request still arriving (its body half sent) keeps the process draining while we look.
    const slowId = randomUUID();
    const slowBody = JSON.stringify([{ productId: 'SLING2P-BLK', quantity: 1 }]);
    const slow = connect(shop.port, '127.0.0.1');
    let slowAnswer = '';
    slow.setEncoding('utf8');
    slow.on('data', (chunk: string) => (slowAnswer += chunk));
    const slowClosed = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    slow.write(
      `POST /api/Cart/guest/${guests[0].guest}/items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${slowBody.length}\r\nX-Request-ID: ${slowId}\r\n\r\n${slowBody.slice(0, 10)}`,
    );
    await shop.waitForOutput(slowId);

    // The checkouts, each with its Idempotency-Key, on the kept-alive connections.
    const keys = guests.slice(1, CHECKOUTS + 1).map(() => randomUUID());
    const requestIds = keys.map(() => randomUUID());
    const checkouts = guests.slice(1, CHECKOUTS + 1).map((g, i) =>
      call(`${shop.api}/Checkout/simplified`, {
        method: 'POST',
        json: { cartId: g.cartId, customerInfo: billing(), paymentToken: g.paymentToken },
        headers: { 'x-guest-id': g.guest, 'idempotency-key': keys[i], 'x-request-id': requestIds[i] },
      }),
    );
    // The signal comes while they are on their way: each is in flight, done, or arrives after it.
    await shop.waitForOutput(requestIds[0]);
    const signalled = Date.now();
    shop.signal('SIGTERM');
    await shop.waitForOutput('SIGTERM: finishing the requests in flight');

    // Idle kept-alive connections are closed at once, not after the 72 s keep-alive timeout.
    await until(() => freeSockets() === 0);

    // What arrives now, on a new connection, is answered 503, not refused or reset.
    const late = guests[CHECKOUTS + 1];
    const lateKey = randomUUID();
    const refused = await Promise.all([
      call(`${shop.api}/Checkout/simplified`, {
        method: 'POST',
        fresh: true,
        json: { cartId: late.cartId, customerInfo: billing(), paymentToken: late.paymentToken },
        headers: { 'x-guest-id': late.guest, 'idempotency-key': lateKey },
      }),
      call(`${shop.baseUrl}/readyz`, { fresh: true }),
      call(`${shop.api}/cms/products/rk-15-carbine`, { fresh: true }),
    ]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.connection).toBe('close');
      expect(answer.body).toEqual({ status: 503, title: 'Service Unavailable', message: SHUTTING_DOWN });
    }

    // Every checkout completed (in flight or done when the signal came) or was answered 503.
    const answers = await Promise.all(checkouts);
    for (const answer of answers) {
      expect([200, 503], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 503) expect(answer.body.message).toBe(SHUTTING_DOWN);
    }
    // The first was on its way when the signal came (the server had it): it completed.
    expect(answers[0].status).toBe(200);

    // The request still arriving finishes too, then the process exits.
    // (Written, not ended: a client that half-closes its side has its request aborted by Node.)
    slow.write(slowBody.slice(10));
    await slowClosed;
    expect(slowAnswer, shop.output()).toMatch(/^HTTP\/1\.1 200 /);
    expect(slowAnswer).toMatch(/\r\nconnection: close\r\n/i);

    expect(await shop.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(EXIT_WITHIN_MS);

    // One order per checkout answered 200, none for one answered 503: none lost, none doubled.
    const completed = answers.flatMap((answer, i) => (answer.status === 200 ? [{ id: answer.body.orderId as number, key: keys[i] }] : []));
    const placed = completed.map((order) => order.id);
    expect(new Set(placed).size).toBe(completed.length);
    const reopened = await openDatabase(database ? { databaseUrl: database.url } : { dataDir });
    try {
      const rows = await reopened.db
        .select({ id: orders.id, key: orders.idempotencyKey })
        .from(orders)
        .where(inArray(orders.idempotencyKey, [...keys, lateKey]));
      expect(rows.map((row) => row.id).sort()).toEqual([...placed].sort());
      expect(rows.map((row) => row.key).sort()).toEqual(completed.map((order) => order.key).sort());
    } finally {
      await reopened.close();
    }
  });
});
