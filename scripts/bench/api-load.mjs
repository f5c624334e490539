// API load with autocannon (issue 10): each endpoint for a few seconds at CONNECTIONS
// connections against the production server, beside a bare Fastify handler measured in the same
// run. Latency percentiles are computed from every response time (autocannon's own summary has
// no p95). Traffic goes to 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { skus as seedSkus } from '../../server/seed/skus.ts';

export const CONNECTIONS = 50;
export const DURATION_S = 5;
/** Carts prepared for the checkout run: one order each, so no request repeats another. */
const CHECKOUT_CARTS = 150;
const GUEST_POOL = 200;
/** What a browser sends that changes the answer: it accepts compressed bodies. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const billing = {
  email: 'bench.buyer@example.com',
  name: 'Bench Buyer',
  mainContact: '(512) 555-0199',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'United States',
  shippingSameAsBilling: true,
  shippingMethodId: 1,
};
const computeAddress = { line1: '100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US', taxCode: '' };

/** Skus any guest may buy shipped to Austin, TX, with their stock (the seed's catalogue). */
function buyableSkus() {
  return seedSkus
    .filter((s) => s.qtyOnHand > 0 && !s.isFflItem && !s.isReceiverItem && s.price > 0)
    .filter((s) => !s.restrictedStates.includes('TX') && !s.restrictedZips.some((z) => '78701'.startsWith(z)))
    .map((s) => ({ sku: s.sku, stock: s.qtyOnHand }));
}

async function call(baseUrl, path, { method = 'GET', json, headers = {} } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

async function inBatches(count, size, make) {
  const out = [];
  for (let i = 0; i < count; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

const round = (value) => (value === null ? null : Math.round(value * 10) / 10);

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** One autocannon run; `options` are autocannon's. */
async function measure(name, options) {
  const times = [];
  const statuses = new Map();
  const { label: _label, keepTimes = false, ...cannon } = options;
  const connections = cannon.connections ?? CONNECTIONS;
  // A fixed number of requests (`amount`) replaces the duration.
  const instance = autocannon({ connections, ...(cannon.amount ? {} : { duration: DURATION_S }), ...cannon });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const ok = [...statuses].filter(([code]) => code >= 200 && code < 300).reduce((sum, [, n]) => sum + n, 0);
  return {
    name,
    method: options.method ?? 'GET',
    path: options.label ?? new URL(options.url).pathname,
    connections,
    seconds: Number(result.duration.toFixed(2)),
    requests: times.length,
    ok,
    non2xx: times.length - ok,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(statuses),
    rps: Number((times.length / result.duration).toFixed(1)),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    ...(keepTimes ? { times } : {}),
  };
}

/** Guests with a one-line cart each, round-robin over the buyable skus within their stock. */
async function prepareCarts(baseUrl, count, stock) {
  let cursor = 0;
  const pick = () => {
    for (let tries = 0; tries < stock.length; tries++) {
      const item = stock[cursor++ % stock.length];
      if (item.stock > 0) {
        item.stock -= 1;
        return item.sku;
      }
    }
    return null;
  };
  const picks = Array.from({ length: count }, pick).filter(Boolean);
  return inBatches(picks.length, 10, async (i) => {
    const { guestToken } = await call(baseUrl, '/api/Auth/guest', { method: 'POST' });
    const cart = await call(baseUrl, `/api/Cart/guest/${guestToken}/items`, { method: 'POST', json: [{ productId: picks[i], quantity: 1 }] });
    return { token: guestToken, cartId: cart.id };
  });
}

async function cardTokens(baseUrl, count) {
  const year = String(new Date().getUTCFullYear() + 2);
  return inBatches(count, 10, async () => {
    const token = await call(baseUrl, '/payments-sandbox/v1/tokens', {
      method: 'POST',
      json: { number: '4242424242424242', month: '12', year, cvc: '123' },
    });
    return token.id;
  });
}

/**
 * Every endpoint of the issue against `shopUrl`, and the bare handler at `bareUrl` first (the
 * ceiling each endpoint is reported against).
 */
export async function runApiLoad({ shopUrl, bareUrl, log = console.log }) {
  const results = [];
  const run = async (name, options) => {
    log(`  ${name} ...`);
    const result = await measure(name, options);
    log(`    ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
    results.push(result);
    return result;
  };

  const bare = await run('bare Fastify handler', { url: `${bareUrl}/bare` });

  // Catalogue reads as a browser asks for them (compressed: the answer is kept compressed), then
  // the same without compression (the bytes the socket carries are six times more).
  const product = 'rk-15-carbine';
  for (const [name, headers] of [['', BROWSER_HEADERS], [' (uncompressed)', {}]]) {
    await run(`GET /api/Products${name}`, { url: `${shopUrl}/api/Products`, headers });
    await run(`GET /api/cms/products/{id}${name}`, { url: `${shopUrl}/api/cms/products/${product}`, label: `/api/cms/products/${product}`, headers });
  }

  // Cart add: a pool of guests, each request one unit of a sku into the next guest's cart.
  const stock = buyableSkus();
  log(`  preparing ${GUEST_POOL} guests ...`);
  const guests = await inBatches(GUEST_POOL, 10, async () => (await call(shopUrl, '/api/Auth/guest', { method: 'POST' })).guestToken);
  let addCount = 0;
  await run('POST /api/Cart/guest/{token}/items (add, guest)', {
    url: shopUrl,
    label: '/api/Cart/guest/{token}/items',
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = addCount++;
          const token = guests[n % guests.length];
          const item = stock[Math.floor(n / guests.length) % stock.length];
          return {
            ...req,
            path: `/api/Cart/guest/${token}/items`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify([{ productId: item.sku, quantity: 1 }]),
          };
        },
      },
    ],
  });

  // Compute: the same guests' carts (now holding lines), Austin TX, Ground shipping.
  const cartIds = await inBatches(guests.length, 10, async (i) => (await call(shopUrl, `/api/Cart/guest/${guests[i]}`)).id);
  let computeCount = 0;
  await run('POST /api/Cart/guest/{token}/compute', {
    url: shopUrl,
    label: '/api/Cart/guest/{token}/compute',
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = computeCount++ % guests.length;
          return {
            ...req,
            path: `/api/Cart/guest/${guests[i]}/compute`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ address: computeAddress, cartId: cartIds[i], shippingMethodId: 1 }),
          };
        },
      },
    ],
  });

  // Checkout: a fresh cart, card token and idempotency key per request (one order each).
  log(`  preparing ${CHECKOUT_CARTS} checkout carts and card tokens ...`);
  const carts = await prepareCarts(shopUrl, CHECKOUT_CARTS, stock);
  const tokens = await cardTokens(shopUrl, carts.length);
  let checkoutCount = 0;
  const checkout = await run('POST /api/Checkout/simplified (guest)', {
    url: shopUrl,
    label: '/api/Checkout/simplified',
    amount: carts.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = checkoutCount++;
          const cart = carts[i % carts.length];
          return {
            ...req,
            path: '/api/Checkout/simplified',
            headers: { 'content-type': 'application/json', 'x-guest-id': cart.token, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ cartId: cart.cartId, customerInfo: billing, paymentToken: tokens[i % tokens.length] }),
          };
        },
      },
    ],
  });
  checkout.note = `${carts.length} prepared carts, one order each (bounded by the seed's stock)`;

  for (const result of results) result.ofBare = Number((result.rps / bare.rps).toFixed(3));
  return results;
}

/** Connections for the server-rendering figures (issue 16: the product page's HTML at 10). */
export const PAGE_CONNECTIONS = 10;

/**
 * Server rendering (issue 16): the product page's HTML, beside the JSON read of the same product
 * in the same run, both at PAGE_CONNECTIONS connections.
 */
export async function runPageLoad({ shopUrl, log = console.log, pageName = 'GET product page (server-rendered HTML)', withJson = true }) {
  const product = 'rk-15-carbine';
  const results = [];
  const requests = [[pageName, `/product/product-long/${product}`]];
  if (withJson) requests.push(['GET /api/cms/products/{id} (JSON)', `/api/cms/products/${product}`]);
  for (const [name, path] of requests) {
    log(`  ${name} ...`);
    // As a browser asks: compressed (the page once per render, the JSON once per kept answer).
    const headers = BROWSER_HEADERS;
    // A running shop is warm: two seconds of the same load first, not counted (the first
    // requests compile the renderer's code and load its modules).
    await autocannon({ url: `${shopUrl}${path}`, connections: PAGE_CONNECTIONS, duration: 2, headers });
    const result = await measure(name, { url: `${shopUrl}${path}`, label: path, connections: PAGE_CONNECTIONS, headers });
    log(`    ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
    results.push(result);
  }
  return results;
}

/**
 * The write mix (issue 21): cart adds and cart computes in turn, each request for the next guest
 * of a pool, at CONNECTIONS connections in all, spread evenly over `shopUrls` (several server
 * processes on one database). Answers the combined figures.
 */
export async function runWriteMix({ shopUrls, name, log = console.log }) {
  const stock = buyableSkus();
  const first = shopUrls[0];
  log(`  preparing ${GUEST_POOL} guests with a cart each ...`);
  const guests = await inBatches(GUEST_POOL, 10, async (i) => {
    const { guestToken } = await call(first, '/api/Auth/guest', { method: 'POST' });
    const item = stock[i % stock.length];
    const cart = await call(first, `/api/Cart/guest/${guestToken}/items`, { method: 'POST', json: [{ productId: item.sku, quantity: 1 }] });
    return { token: guestToken, cartId: cart.id };
  });
  let n = 0;
  const request = {
    method: 'POST',
    setupRequest: (req) => {
      const i = n++;
      const guest = guests[Math.floor(i / 2) % guests.length];
      const headers = { 'content-type': 'application/json' };
      if (i % 2 === 0) {
        const item = stock[Math.floor(i / (2 * guests.length)) % stock.length];
        return { ...req, path: `/api/Cart/guest/${guest.token}/items`, headers, body: JSON.stringify([{ productId: item.sku, quantity: 1 }]) };
      }
      return {
        ...req,
        path: `/api/Cart/guest/${guest.token}/compute`,
        headers,
        body: JSON.stringify({ address: computeAddress, cartId: guest.cartId, shippingMethodId: 1 }),
      };
    },
  };
  log(`  ${name} ...`);
  const per = Math.floor(CONNECTIONS / shopUrls.length);
  const parts = await Promise.all(
    shopUrls.map((url) => measure(name, { url, label: '/api/Cart/guest/{token}/items + /compute', connections: per, requests: [request], keepTimes: true })),
  );
  const times = parts.flatMap((part) => part.times).sort((x, y) => x - y);
  const seconds = Math.max(...parts.map((part) => part.seconds));
  const result = {
    name,
    method: 'POST',
    path: parts[0].path,
    processes: shopUrls.length,
    connections: per * shopUrls.length,
    seconds,
    requests: times.length,
    ok: parts.reduce((sum, part) => sum + part.ok, 0),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    statuses: parts.reduce((all, part) => {
      for (const [code, count] of Object.entries(part.statuses)) all[code] = (all[code] ?? 0) + count;
      return all;
    }, {}),
    rps: Number(parts.reduce((sum, part) => sum + part.rps, 0).toFixed(1)),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
  };
  log(`    ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
  return result;
}
