import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { startTestServer, type TestServer } from '../support/test-server';
import { refreshTokens, register, registerFlow, signIn, startAuthorization, submitForm, uniqueEmail } from '../support/oidc-login';
import { accountTokens, mailOutbox, users } from '../../server/src/db/schema';
import { RESET_TOKEN_TTL_MS, hashToken, issueToken, mayMailAnotherLink, revokeTokens } from '../../server/src/identity/account-tokens';
import { MAIL_REQUESTS_PER_EMAIL } from '../../server/src/identity/account-recovery';

/**
 * Account recovery and honest registration on the embedded provider (issue 18, decision 033):
 * "Forgot password?", the one-time reset link, its rate limits, the password rule on every page
 * that sets a password, and a registration that answers the same for a taken address.
 */

const RESET_SENT = 'If an account exists for that address, we have sent a link to reset the password. It expires in 30 minutes.';
const LINK_EXPIRED = 'This password reset link is invalid, has already been used or has expired';

let server: TestServer;
beforeAll(async () => {
  // The per-minute sign-in and registration budgets have their own tests (hardening.test.ts).
  server = await startTestServer({ FORM_RATE_LIMIT: 1_000 });
});
afterAll(async () => {
  await server?.close();
});

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

async function page(target: TestServer, path: string, form?: Record<string, string>): Promise<Page> {
  const res = await fetch(new URL(path, target.baseUrl), {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() } : {}),
  });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const forgot = (email: string, target = server) => page(target, '/auth/forgot-password', { email });

/** A "Forgot password?" post from another client address (a loopback one of this machine). */
function forgotFrom(target: TestServer, localAddress: string, email: string): Promise<number> {
  const url = new URL('/auth/forgot-password', target.baseUrl);
  const body = new URLSearchParams({ email }).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function mailsTo(to: string, target = server) {
  return target.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

/** Mails are sent beside the answer: wait until `count` mails with the subject arrived. */
async function waitForMails(to: string, subject: string, count = 1, target = server) {
  for (let i = 0; i < 100; i++) {
    const mails = (await mailsTo(to, target)).filter((mail) => mail.subject === subject);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${count} mail(s) "${subject}" to ${to}: ${JSON.stringify(await mailsTo(to, target))}`);
}

/** The path and query of the link in a mail. */
function linkIn(text: string, path: string): string {
  const link = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

async function newAccount(password = 'first-password-1') {
  const email = uniqueEmail('recover');
  await register(server, { firstName: 'Robin', lastName: 'Recover', email, password });
  return { email, password };
}

async function resetLink(email: string, count = 1) {
  const [mail] = await waitForMails(email, 'Reset your password', count);
  return linkIn(mail.text, '/auth/reset-password');
}

describe('forgot password: the request', () => {
  it('is linked from the sign-in page and back', async () => {
    const flow = await startAuthorization(server);
    const href = /href="([^"]+)">Forgot password\?/.exec(flow.page!.html)?.[1].replace(/&amp;/g, '&');
    expect(href).toMatch(/^\/auth\/forgot-password\?interaction=[\w-]+$/);
    const uid = new URL(href!, server.baseUrl).searchParams.get('interaction');
    const form = await page(server, href!);
    expect(form.status).toBe(200);
    expect(form.html).toContain('<h1>Forgot your password?</h1>');
    expect(form.html).toMatch(/<label for="field-email">Email<\/label>/);
    expect(form.html).not.toMatch(/<script/i);
    expect(form.html).toContain(`href="/auth/interaction/${uid}/login">Back to sign in`);
    expect(form.html).toContain(`action="/auth/forgot-password?interaction=${uid}"`);
    // Without a sign-in page to go back to, the shop's account page signs in.
    expect((await page(server, '/auth/forgot-password')).html).toContain(`href="${server.baseUrl}/profile">Back to sign in`);
    expect((await page(server, '/auth/forgot-password?interaction=%22%3E%3Cx')).html).toContain(`href="${server.baseUrl}/profile">Back to sign in`);
  });

  it('answers the same for an address with an account and one without; only the account gets a link', async () => {
    const { email } = await newAccount();
    const unknown = uniqueEmail('nobody');
    const known = await forgot(email);
    const nobody = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(nobody.status).toBe(200);
    expect(known.html).toBe(nobody.html);
    expect(known.html).toContain(RESET_SENT);
    expect(known.html).not.toContain(email);

    const [mail] = await waitForMails(email, 'Reset your password');
    expect(mail.text).toContain('expires in 30 minutes');
    const token = tokenOf(linkIn(mail.text, '/auth/reset-password'));
    // Only the token's SHA-256 is kept, with the user, a 30-minute expiry and no use yet.
    const [row] = await server.database.db.select().from(accountTokens).where(eq(accountTokens.tokenHash, hashToken(token)));
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ purpose: 'password_reset', userId: user.id, usedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(29 * 60 * 1000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * 60 * 1000 + 5000);
    const stored = await server.database.db.select({ hash: accountTokens.tokenHash }).from(accountTokens);
    expect(stored.map((r) => r.hash)).not.toContain(token);

    // The unknown address got nothing (the known one's mail came later than it would have).
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('asks for a valid address', async () => {
    for (const [email, message] of [
      ['', 'Email is required'],
      ['not-an-email', 'Email must be a valid email address'],
    ]) {
      const res = await forgot(email);
      expect(res.status, email).toBe(400);
      expect(res.html).toMatch(new RegExp(`role="alert"[\\s\\S]*${message}`));
      expect(res.html).toContain('aria-invalid="true"');
    }
  });
});

describe('forgot password: the link', () => {
  it('asks the new password twice, applies the password rule, works once and ends the other links', async () => {
    const { email, password } = await newAccount();
    await forgot(email);
    const first = await resetLink(email);
    await forgot(email);
    const second = await resetLink(email, 2);
    expect(second).not.toBe(first);

    const form = await page(server, second);
    expect(form.status).toBe(200);
    expect(form.html).toContain('<h1>Choose a new password</h1>');
    expect(form.html).toContain('autocomplete="new-password"');
    expect(form.html).toContain('Confirm new password');
    expect(form.html).not.toMatch(/<script/i);
    // The token is in the address: kept by no cache, sent to no other site.
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(form.headers.get('referrer-policy')).toBe('no-referrer');
    const token = tokenOf(second);
    const post = (newPassword: string, confirmPassword = newPassword) => page(server, '/auth/reset-password', { token, newPassword, confirmPassword });

    for (const [newPassword, message] of [
      ['short-one', 'Password must be at least 12 characters'],
      ['Password1234', 'This password is too common. Choose another.'],
      [`my-${email.split('@')[0].toUpperCase()}-pass`, 'Password must not contain your email address'],
    ]) {
      const res = await post(newPassword);
      expect(res.status, newPassword).toBe(400);
      expect(res.html).toContain(message);
    }
    const mismatch = await post('a-brand-new-password', 'another-new-password');
    expect(mismatch.status).toBe(400);
    expect(mismatch.html).toContain('Passwords do not match');

    // Refused posts do not use the link up.
    const done = await post('a-brand-new-password');
    expect(done.status).toBe(200);
    expect(done.html).toContain('Your password has been changed');
    expect(done.html).toContain(`href="${server.baseUrl}/profile">Sign in`);

    // Once only; the link asked for before it ended too.
    for (const again of [await post('yet-another-password'), await page(server, second), await page(server, first)]) {
      expect(again.status).toBe(400);
      expect(again.html).toContain(LINK_EXPIRED);
      expect(again.html).toContain('href="/auth/forgot-password"');
    }
    const firstUse = await page(server, '/auth/reset-password', { token: tokenOf(first), newPassword: 'first-link-password', confirmPassword: 'first-link-password' });
    expect(firstUse.status).toBe(400);

    // The new password signs in, the old one does not; the mailbox is proven.
    const tokens = await signIn(server, email, 'a-brand-new-password');
    expect(decodeJwt(tokens.idToken).email_verified).toBe(true);
    const old = await startAuthorization(server);
    await submitForm(old, { email, password });
    expect(old.page?.html).toContain('Invalid email or password');
  });

  it('refuses an expired link, and a made-up one', async () => {
    const { email } = await newAccount();
    await forgot(email);
    const link = await resetLink(email);
    expect((await page(server, link)).status).toBe(200);
    await server.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.tokenHash, hashToken(tokenOf(link))));
    const expired = await page(server, link);
    expect(expired.status).toBe(400);
    expect(expired.html).toContain(LINK_EXPIRED);
    const posted = await page(server, '/auth/reset-password', { token: tokenOf(link), newPassword: 'too-late-password', confirmPassword: 'too-late-password' });
    expect(posted.status).toBe(400);
    expect(posted.html).toContain(LINK_EXPIRED);

    for (const made of ['/auth/reset-password', '/auth/reset-password?token=abc', `/auth/reset-password?token=${'A'.repeat(43)}`]) {
      expect((await page(server, made)).status, made).toBe(400);
    }
  });

  it('a password change ends the reset links asked for before', async () => {
    const { email, password } = await newAccount();
    await forgot(email);
    const link = await resetLink(email);
    const flow = await startAuthorization(server, { params: { kc_action: 'UPDATE_PASSWORD' } });
    await submitForm(flow, { email, password });
    await submitForm(flow, { newPassword: 'changed-in-the-shop', confirmPassword: 'changed-in-the-shop' });
    expect(flow.callback).toBeDefined();
    expect((await page(server, link)).status).toBe(400);
  });
});

describe('registration', () => {
  const normalized = (html: string, email: string) => html
      .replaceAll(email, 'EMAIL')
      .replace(/\/auth\/interaction\/[\w-]+\//g, '/auth/interaction/UID/')
      .replace(/interaction=[\w-]+/g, 'interaction=UID');

  it('answers a taken address exactly as a new one, signs nobody in, and mails the owner instead', async () => {
    const owner = await newAccount('owner-password-1');
    const fresh = uniqueEmail('fresh');
    const taken = owner.email.toUpperCase();
    const attempt = (email: string) =>
      registerFlow(server, { firstName: 'Mallory', lastName: 'Again', email, phone: '', password: 'takeover-password' });
    const a = await attempt(fresh);
    const b = await attempt(taken);
    for (const flow of [a, b]) {
      expect(flow.callback).toBeUndefined();
      expect(flow.page?.status).toBe(200);
      expect(flow.page?.html).toContain('<h1>Check your inbox</h1>');
      expect(flow.page?.html).not.toMatch(/already/i);
    }
    expect(normalized(b.page!.html, taken)).toBe(normalized(a.page!.html, fresh));

    // The new address gets its verification link; the owner a notice, and keeps the account.
    const [verify] = await waitForMails(fresh, 'Verify your email address');
    expect(verify.text).toMatch(/\/auth\/verify-email\?token=/);
    const [notice] = await waitForMails(owner.email, 'Someone tried to create an account with your email');
    expect(notice.text).toContain(`${server.baseUrl}/profile`);
    expect(notice.text).toContain(`${server.baseUrl}/auth/forgot-password`);
    // Its one verification mail is the one of its own registration.
    expect((await mailsTo(owner.email)).filter((mail) => mail.subject === 'Verify your email address')).toHaveLength(1);

    // The password typed does not open the owner's account; the owner's own still does.
    await submitForm(b, { email: taken, password: 'takeover-password' });
    expect(b.page?.html).toContain('Invalid email or password');
    const tokens = await signIn(server, owner.email, owner.password);
    expect(decodeJwt(tokens.idToken)).toMatchObject({ given_name: 'Robin', family_name: 'Recover' });
  });

  it('applies the password rule with its messages', async () => {
    const email = uniqueEmail('rules');
    for (const [password, message] of [
      ['elevenchars', 'Password must be at least 12 characters'],
      ['iloveyou2024!', 'This password is too common. Choose another.'],
      [`${email.split('@')[0]}-secret`, 'Password must not contain your email address'],
    ]) {
      const flow = await registerFlow(server, { firstName: 'Rule', lastName: 'Check', email, password });
      expect(flow.page?.status, password).toBe(400);
      expect(flow.page?.html).toContain(message);
    }
    expect(await mailsTo(email)).toEqual([]);
  });

  it('the verification link verifies the address once, after a button press', async () => {
    const email = uniqueEmail('verify');
    const session = await register(server, { firstName: 'Vera', lastName: 'Verify', email, password: 'verify-password-1' });
    // The storefront shows "Email not verified — resend" from this claim.
    expect(decodeJwt(session.idToken).email_verified).toBe(false);
    const [mail] = await waitForMails(email, 'Verify your email address');
    const link = linkIn(mail.text, '/auth/verify-email');
    const verified = async () => (await server.database.db.select().from(users).where(eq(users.email, email)))[0].emailVerified;

    // Opening the link (a mail scanner does) changes nothing.
    const shown = await page(server, link);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<h1>Verify your email address</h1>');
    expect(await verified()).toBe(false);

    const done = await page(server, '/auth/verify-email', { token: tokenOf(link) });
    expect(done.status).toBe(200);
    expect(done.html).toContain('Your email address is verified');
    expect(await verified()).toBe(true);
    expect(decodeJwt((await signIn(server, email, 'verify-password-1')).idToken).email_verified).toBe(true);
    // A session signed in before says so from its next renewal (its new ID token), so the
    // storefront's notice goes away.
    expect(decodeJwt((await refreshTokens(server, session.refreshToken)).idToken).email_verified).toBe(true);

    const again = await page(server, '/auth/verify-email', { token: tokenOf(link) });
    expect(again.status).toBe(400);
    expect(again.html).toContain('href="/auth/verify-email/resend"');
  });

  it("the resend page fills in the address the storefront's link names", async () => {
    const shown = await page(server, `/auth/verify-email/resend?email=${encodeURIComponent('vera@example.com')}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('value="vera@example.com"');
    const injected = await page(server, `/auth/verify-email/resend?email=${encodeURIComponent('"><script>x</script>')}`);
    expect(injected.html).not.toContain('<script>x');
    expect((await page(server, '/auth/verify-email/resend')).html).toContain('<h1>Verify your email address</h1>');
  });

  it('sends a new verification link only to an unverified account, answering the same for any address', async () => {
    const unverified = uniqueEmail('unverified');
    await register(server, { firstName: 'Una', lastName: 'Verified', email: unverified, password: 'unverified-pass-1' });
    await waitForMails(unverified, 'Verify your email address');
    const answers = await Promise.all(
      [unverified, 'demo@ridgeline.example', uniqueEmail('nobody')].map((email) => page(server, '/auth/verify-email/resend', { email })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.html).toBe(answers[0].html);
    }
    await waitForMails(unverified, 'Verify your email address', 2);
    expect((await mailsTo('demo@ridgeline.example')).map((mail) => mail.subject)).not.toContain('Verify your email address');
  });
});

describe('rate limits of the mailing posts', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ FORM_RATE_LIMIT: 1_000 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('five reset requests an hour per address, twenty per IP, with a page that says when to try again', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expect((await forgot(email, limited)).status).toBe(200);
    const byEmail = await forgot(email.toUpperCase(), limited);
    expect(byEmail.status).toBe(429);
    expect(Number(byEmail.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(byEmail.headers.get('content-type')).toContain('text/html');
    expect(byEmail.html).toMatch(/role="alert"[\s\S]*We have sent as many emails as we can for now\. Please try again in \d+ minutes?\./);

    // Other addresses go on, up to the budget of the IP (20 posts, the refused one counted).
    for (let i = 0; i < 14; i++) expect((await forgot(uniqueEmail('other'), limited)).status, String(i)).toBe(200);
    const byIp = await forgot(uniqueEmail('other'), limited);
    expect(byIp.status).toBe(429);
    expect(byIp.html).toContain('Too many requests');
  });

  it("a stranger's requests for an address leave its owner's own reset working (issue 39)", async () => {
    const email = uniqueEmail('owned');
    await register(limited, { firstName: 'Olive', lastName: 'Owner', email, password: 'owner-password-12' });
    // A stranger asks five times for the owner's address, and is then refused; others elsewhere too.
    for (let i = 0; i < 5; i++) expect(await forgotFrom(limited, '127.0.0.2', email), String(i)).toBe(200);
    expect(await forgotFrom(limited, '127.0.0.2', email)).toBe(429);
    for (const ip of ['127.0.0.3', '127.0.0.4']) expect(await forgotFrom(limited, ip, email), ip).toBe(200);

    // The owner asks from their own network: answered as usual, and the newest link works.
    expect(await forgotFrom(limited, '127.0.0.9', email)).toBe(200);
    const [newest] = await waitForMails(email, 'Reset your password', 5, limited);
    const done = await page(limited, '/auth/reset-password', {
      token: tokenOf(linkIn(newest.text, '/auth/reset-password')),
      newPassword: 'owner-takes-over-12',
      confirmPassword: 'owner-takes-over-12',
    });
    expect(done.status).toBe(200);
    expect((await signIn(limited, email, 'owner-takes-over-12')).accessToken).toBeTruthy();
  });

  it('past five links an hour, another is mailed only when none of them still works', async () => {
    const email = uniqueEmail('budget');
    await register(limited, { firstName: 'Bud', lastName: 'Get', email, password: 'budget-password-12' });
    const db = limited.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    for (let i = 0; i < 4; i++) await issueToken(db, user.id, 'password_reset', RESET_TOKEN_TTL_MS);
    expect(await mayMailAnotherLink(db, user.id, 'password_reset', MAIL_REQUESTS_PER_EMAIL)).toBe(true);
    await issueToken(db, user.id, 'password_reset', RESET_TOKEN_TTL_MS);
    expect(await mayMailAnotherLink(db, user.id, 'password_reset', MAIL_REQUESTS_PER_EMAIL)).toBe(false);
    // Once none works (used up by a reset, or expired), the owner gets a new one.
    await revokeTokens(db, user.id, 'password_reset');
    expect(await mayMailAnotherLink(db, user.id, 'password_reset', MAIL_REQUESTS_PER_EMAIL)).toBe(true);
  });

  it('tells the owner of a taken address at most five times an hour', async () => {
    const owner = uniqueEmail('owner');
    await register(limited, { firstName: 'Owen', lastName: 'Owner', email: owner, password: 'owner-password-1' });
    for (let i = 0; i < 7; i++) {
      const flow = await registerFlow(limited, { firstName: 'M', lastName: 'A', email: owner, password: 'takeover-password' });
      expect(flow.page?.status).toBe(200);
    }
    await waitForMails(owner, 'Someone tried to create an account with your email', 5, limited);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const notices = (await mailsTo(owner, limited)).filter((mail) => mail.subject.startsWith('Someone tried'));
    expect(notices).toHaveLength(5);
  });
});
