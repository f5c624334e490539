import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChallenge } from 'altcha-lib/v1';
import { startTestServer, type TestServer } from '../support/test-server';
import { solveCaptcha } from '../support/captcha';
import { createCaptchaVerifier, requireCaptcha } from '../../server/src/captcha/verifier';
import { SITEVERIFY_URL } from '../../server/src/captcha/recaptcha';
import { usedCaptchas } from '../../server/src/db/schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ALTCHA_MAX_NUMBER: 1000 });
});
afterAll(async () => {
  await server?.close();
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
