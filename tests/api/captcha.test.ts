import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChallenge } from 'altcha-lib/v1';
import { startTestServer, type TestServer } from '../support/test-server';
import { solveCaptcha } from '../support/captcha';
import { createCaptchaVerifier, requireCaptcha } from '../../server/src/captcha/verifier';
import { SITEVERIFY_URL } from '../../server/src/captcha/recaptcha';
import { skus, usedCaptchas } from '../../server/src/db/schema';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-captcha-'));
  server = await startTestServer({ ALTCHA_MAX_NUMBER: 1000, DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64');
const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString('utf8'));

describe('ALTCHA (the embedded captcha)', () => {
  it('hands out a signed challenge that is never cached', async () => {
    const res = await fetch(`${server.api}/Captcha/challenge`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = await res.json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    // The expiry travels signed in the salt.
    expect(challenge.salt).toMatch(/\?expires=\d+/);
    expect(server.app.captcha.kind).toBe('altcha');
  });

  it('accepts a solved challenge once and refuses the replay', async () => {
    const solution = await solveCaptcha(server.api);
    expect(await server.app.captcha.verify(solution, '127.0.0.1')).toBe(true);
    expect(await server.app.captcha.verify(solution, '127.0.0.1')).toBe(false);
    const [row] = await server.app.db.select().from(usedCaptchas).limit(1);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses missing, malformed, wrong and foreign solutions', async () => {
    const verify = (value: string | undefined) => server.app.captcha.verify(value);
    expect(await verify(undefined)).toBe(false);
    expect(await verify('')).toBe(false);
    expect(await verify('   ')).toBe(false);
    expect(await verify('not base64 json')).toBe(false);
    expect(await verify(encode({ hello: 'world' }))).toBe(false);
    expect(await verify('x'.repeat(9000))).toBe(false);

    const solution = decode(await solveCaptcha(server.api));
    expect(await verify(encode({ ...solution, number: solution.number + 1 }))).toBe(false);
    expect(await verify(encode({ ...solution, signature: '0'.repeat(64) }))).toBe(false);

    // Signed with another key: not ours.
    const foreign = await createChallenge({ hmacKey: 'someone-else', maxnumber: 10, number: 3 });
    expect(await verify(encode({ ...foreign, number: 3 }))).toBe(false);
    // The genuine solution is still good after all that.
    expect(await verify(encode(solution))).toBe(true);
  });

  it('refuses an expired challenge', async () => {
    const fresh = await fetch(`${server.api}/Captcha/challenge`).then((r) => r.json());
    // Re-sign a past expiry with the database's key, as a challenge from long ago would be.
    const { appMeta } = await import('../../server/src/db/schema');
    const { eq } = await import('drizzle-orm');
    const [key] = await server.app.db.select().from(appMeta).where(eq(appMeta.key, 'altcha_hmac_key'));
    const old = await createChallenge({ hmacKey: key.value, maxnumber: 10, number: 5, expires: new Date(Date.now() - 1000) });
    expect(await server.app.captcha.verify(encode({ ...old, number: 5 }))).toBe(false);
    expect(fresh.salt).not.toBe(old.salt);
  });

  it("requireCaptcha throws the spec's message", async () => {
    await expect(requireCaptcha(server.app, undefined)).rejects.toMatchObject({ status: 400, message: 'Please complete the reCAPTCHA' });
    await expect(requireCaptcha(server.app, 'bogus')).rejects.toMatchObject({ status: 400, message: 'Please complete the reCAPTCHA' });
    await expect(requireCaptcha(server.app, await solveCaptcha(server.api))).resolves.toBeUndefined();
  });

  it('keeps one signing key per database across restarts of the verifier', async () => {
    const solution = await solveCaptcha(server.api);
    const second = createCaptchaVerifier(server.config, server.app.db);
    expect(await second.verify(solution)).toBe(true);
    // Used up for every verifier on the database.
    expect(await server.app.captcha.verify(solution)).toBe(false);
  });
});

// ----------------------------------------------------------- every form the spec protects

const CAPTCHA = 'Please complete the reCAPTCHA';
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

interface ProtectedForm {
  name: string;
  /** Posts a good form with this captcha (undefined: none at all). */
  post(captcha: string | undefined): Promise<{ status: number; body: { message?: string; errors?: unknown } }>;
}

const answer = async (res: Response) => ({ status: res.status, body: await res.json() });
const postJson = (route: string, json: object) =>
  fetch(`${server.api}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }).then(answer);

/**
 * The forms of catalogue-and-content.md section 5 that carry a captcha: newsletter (footer and
 * limited edition), stock alert (Notify Me), image request and dealer registration (issue 19
 * item 6, decision 038). Each is posted as the browser posts it, with nothing else wrong.
 */
const FORMS: ProtectedForm[] = [
  {
    name: 'newsletter subscription',
    post: (captcha) => postJson('/Newsletter/subscribe', { email: uniqueEmail('news'), firstName: 'Nora', lastName: 'News', captcha }),
  },
  {
    name: 'stock alert',
    post: async (captcha) => {
      const [soldOut] = await server.app.db.select({ sku: skus.sku, productName: skus.productName }).from(skus).where(eq(skus.qtyOnHand, 0)).limit(1);
      return postJson('/ProductNotification/subscribe', { email: uniqueEmail('alert'), productId: soldOut.sku, productName: soldOut.productName, captcha });
    },
  },
  {
    name: 'image request',
    post: (captcha) => postJson('/Registration/image-request', { firstName: 'Sam', lastName: 'Lee', email: uniqueEmail('press'), lookingFor: 'Photos of the RK-15', captcha }),
  },
  {
    name: 'dealer registration',
    post: (captcha) => {
      const fields: Record<string, string> = {
        company: 'Cascade Outfitters',
        website: 'https://cascade-outfitters.example.com',
        phone: '(541) 555-0123',
        email: uniqueEmail('dealer'),
        password: 'Range-Day-2024',
        confirmPassword: 'Range-Day-2024',
        firstName: 'Dana',
        lastName: 'Reyes',
        streetAddress: '100 Main St',
        city: 'Bend',
        state: 'OR',
        postalCode: '97701',
        country: 'United States',
        useForBillingAddress: 'true',
        appearInDealerLocator: 'true',
        useThisAddressInDealerLocator: 'true',
        hasFflSot: 'false',
      };
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      // The spec sends the form without the captcha; it travels in X-Captcha (decision 004).
      const headers: Record<string, string> = captcha === undefined ? {} : { 'x-captcha': captcha };
      return fetch(`${server.api}/Registration/dealer`, { method: 'POST', body: form, headers }).then(answer);
    },
  },
];

describe('every captcha-protected form (issue 19 item 6)', () => {
  describe.each(FORMS)('$name', (form) => {
    it("refuses a missing captcha with 400 'Please complete the reCAPTCHA'", async () => {
      const res = await form.post(undefined);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CAPTCHA);
    });

    it('refuses a wrong one, naming the captcha field', async () => {
      const res = await form.post(Buffer.from('{"not":"a solution"}').toString('base64'));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: CAPTCHA, errors: [{ field: 'captcha', message: CAPTCHA }] });
    });

    it('accepts a solved captcha once and refuses it when it is used again', async () => {
      const captcha = await solveCaptcha(server.api);
      const first = await form.post(captcha);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const reused = await form.post(captcha);
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ message: CAPTCHA, errors: [{ field: 'captcha', message: CAPTCHA }] });
    });
  });

  it('a captcha spent on one form is refused on every other', async () => {
    const captcha = await solveCaptcha(server.api);
    const [first, ...others] = FORMS;
    expect((await first.post(captcha)).status).toBe(200);
    for (const form of others) expect((await form.post(captcha)).status, form.name).toBe(400);
  });

  it('the same captcha sent twice at once is accepted once', async () => {
    const captcha = await solveCaptcha(server.api);
    const results = await Promise.all([FORMS[0].post(captcha), FORMS[2].post(captcha), FORMS[0].post(captcha)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    // Spent for every server on the database: the record is a row, not a process's memory.
    const spent = await server.app.db.select().from(usedCaptchas).where(gt(usedCaptchas.expiresAt, new Date()));
    expect(spent.length).toBeGreaterThan(0);
  });
});

describe('Google reCAPTCHA (RECAPTCHA_SECRET set)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers 404 for an ALTCHA challenge', async () => {
    const recaptcha = await startTestServer({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_SITE_KEY: 'test-site-key' });
    try {
      expect(recaptcha.app.captcha.kind).toBe('recaptcha');
      const res = await fetch(`${recaptcha.api}/Captcha/challenge`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toMatch(/reCAPTCHA/);
    } finally {
      await recaptcha.close();
    }
  });

  it("asks Google's siteverify with the secret, the token and the visitor's address", async () => {
    const calls: { url: string; body: URLSearchParams }[] = [];
    let success = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      calls.push({ url: String(url), body: new URLSearchParams(String(init?.body)) });
      return new Response(JSON.stringify({ success }), { headers: { 'content-type': 'application/json' } });
    });
    const verifier = createCaptchaVerifier({ RECAPTCHA_SECRET: 'test-secret', ALTCHA_MAX_NUMBER: 1000 }, server.app.db);
    expect(verifier.createChallenge).toBeUndefined();
    expect(await verifier.verify('token-1', '203.0.113.7')).toBe(true);
    expect(calls[0].url).toBe(SITEVERIFY_URL);
    expect(Object.fromEntries(calls[0].body)).toEqual({ secret: 'test-secret', response: 'token-1', remoteip: '203.0.113.7' });
    success = false;
    expect(await verifier.verify('token-1')).toBe(false);
    // Nothing to ask about.
    expect(await verifier.verify(undefined)).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('says the check failed, not the visitor, when Google cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const verifier = createCaptchaVerifier({ RECAPTCHA_SECRET: 'test-secret', ALTCHA_MAX_NUMBER: 1000 }, server.app.db);
    await expect(verifier.verify('token')).rejects.toMatchObject({ status: 503 });
  });
});
