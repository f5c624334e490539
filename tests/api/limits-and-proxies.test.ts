import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { oidcPayloads } from '../../server/src/db/schema';
import { AUTHORIZATION_FACTOR, GEOCODE_FACTOR, GEOCODE_TOO_MANY, TOO_MANY_REQUESTS } from '../../server/src/forms/rate-limit';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 39 items 3 and 4 (decision 075): what a stranger can make the shop spend is limited per
 * client, and behind a reverse proxy named in TRUST_PROXY the client is the one its
 * X-Forwarded-For names, each with a budget of its own. Unset, no forwarding header is believed.
 */
const FORM_RATE_LIMIT = 2;
const GEOCODES = FORM_RATE_LIMIT * GEOCODE_FACTOR;
const AUTHORIZATIONS = FORM_RATE_LIMIT * AUTHORIZATION_FACTOR;

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startTestServer({ FORM_RATE_LIMIT }),
    startTestServer({ FORM_RATE_LIMIT }, { env: { TRUST_PROXY: '127.0.0.1' } }),
  ]);
});

afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

async function geocode(server: TestServer, zip: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/api/geo/geocode/json?address=${zip}`, { headers });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The storefront's authorization request (PKCE), not followed: one interaction row each. */
function authorizationUrl(server: TestServer): string {
  const query = new URLSearchParams({
    client_id: server.config.OIDC_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${server.baseUrl}/auth/callback`,
    state: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(randomBytes(32)).digest()),
    code_challenge_method: 'S256',
  });
  return `${server.baseUrl}/oidc/auth?${query}`;
}

async function interactionRows(server: TestServer): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Interaction')));
  return Number(row.n);
}

describe('the geocoder has a per-client limit (issue 39 item 4)', () => {
  it(`answers FORM_RATE_LIMIT x ${GEOCODE_FACTOR} a minute, then 429 OVER_QUERY_LIMIT with Retry-After, in the service's shape`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < GEOCODES; i += 1) statuses.push((await geocode(direct, '83702')).status);
    expect(statuses).toEqual(Array(GEOCODES).fill(200));
    const refused = await geocode(direct, '80202');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body).toEqual({ status: 'OVER_QUERY_LIMIT', results: [], error_message: GEOCODE_TOO_MANY });
  });

  it('TRUST_PROXY unset: X-Forwarded-For is not believed, a new one gets no new budget', async () => {
    // The budget of 127.0.0.1 was spent above: whatever address the header names, still 429.
    for (const address of ['203.0.113.7', '198.51.100.20']) {
      expect((await geocode(direct, '83702', { 'x-forwarded-for': address })).status).toBe(429);
    }
  });
});

describe('the authorization endpoint has a per-client limit (issue 39 item 4)', () => {
  it(`GET and POST /oidc/auth: FORM_RATE_LIMIT x ${AUTHORIZATION_FACTOR} a minute, then the 429 page; no row written past it`, async () => {
    const before = await interactionRows(direct);
    const statuses: number[] = [];
    for (let i = 0; i < AUTHORIZATIONS - 1; i += 1) {
      const res = await fetch(authorizationUrl(direct), { redirect: 'manual' });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.every((status) => status === 303 || status === 302), statuses.join()).toBe(true);
    expect(await interactionRows(direct)).toBe(before + AUTHORIZATIONS - 1);
    // A form post to the endpoint counts in the same budget (the provider takes GET only now,
    // and answers it 404: should it take POST again, it stays limited).
    const [path, query] = authorizationUrl(direct).split('?');
    const posted = await fetch(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query,
    });
    await posted.arrayBuffer();
    expect(posted.status).not.toBe(429);

    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(authorizationUrl(direct), { redirect: 'manual' });
      expect(res.status).toBe(429);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain(TOO_MANY_REQUESTS);
    }
    expect(await interactionRows(direct)).toBe(before + AUTHORIZATIONS - 1);
  });
});

describe('TRUST_PROXY (issue 39 item 3)', () => {
  it('with the proxy named, two clients behind it have a budget each; the proxy itself one more', async () => {
    const first = { 'x-forwarded-for': '203.0.113.5' };
    const second = { 'x-forwarded-for': '203.0.113.6' };
    for (let i = 0; i < GEOCODES; i += 1) expect((await geocode(proxied, '83702', first)).status).toBe(200);
    expect((await geocode(proxied, '83702', first)).status).toBe(429);
    // Another shopper behind the same proxy is not refused for the first one's searches.
    expect((await geocode(proxied, '83702', second)).status).toBe(200);
    // A client that puts its own X-Forwarded-For in front is still known by the address the
    // proxy added (the last one): a forged entry buys no new budget.
    expect((await geocode(proxied, '83702', { 'x-forwarded-for': '192.0.2.99, 203.0.113.5' })).status).toBe(429);
    // The proxy's own requests (no header) are its own client.
    expect((await geocode(proxied, '83702')).status).toBe(200);
  });

  it("the dev mailbox's loopback check also asks the client TRUST_PROXY names: a proxy on this machine relaying a stranger is refused", async () => {
    const mailbox = (headers: Record<string, string>) =>
      fetch(`${proxied.baseUrl}/dev/mailbox`, { headers: { accept: 'application/json', ...headers } }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    expect(await mailbox({})).toBe(200);
    expect(await mailbox({ 'x-forwarded-for': '127.0.0.1' })).toBe(200);
    expect(await mailbox({ 'x-forwarded-for': '203.0.113.5' })).toBe(404);
    // The last entry is local, but the trusted chain says the client is the stranger before it.
    expect(await mailbox({ 'x-forwarded-for': '203.0.113.5, 127.0.0.1' })).toBe(404);
  });

  it('is refused at start-up unless it names addresses or ranges', () => {
    const env = { NODE_ENV: 'test' };
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
    expect(loadConfig(env).TRUST_PROXY).toBeUndefined();
    for (const bad of ['true', '1', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ ...env, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
