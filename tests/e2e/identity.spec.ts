import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { AccountModel, skuInStock } from './models/account.model';
import {
  ChangePasswordPage,
  ForgotPasswordPage,
  RegistrationPage,
  ResetPasswordPage,
  SignInPage,
  SignOutPage,
  resetLink,
  verificationLink,
  type NewAccount,
} from './models/identity.model';

/**
 * Sign-in, registration, password change, forgotten password and sign-out through the real pages
 * of the embedded identity provider, with the session and cart machines of the storefront
 * (shop-core.md sections 2, 4, 6, 8): the guest cart is merged after sign-in, sign-out starts a
 * new guest cart, the /profile guard sends to sign-in and back, /register warns a signed-in user;
 * registration answers "check your inbox" and signs in from there, a reset link comes through the
 * dev mailbox (decision 033).
 */

const DEMO = { email: 'demo@ridgeline.example', password: 'Ridgeline-demo-1', name: 'Dana Demo' };
const REGISTERED_WARNING = 'You are already a registered user, please logout if you would like to register again.';

function newAccount(): NewAccount {
  return {
    firstName: 'Riley',
    lastName: 'Tester',
    email: `e2e-${randomBytes(5).toString('hex')}@example.com`,
    password: `Trail-${randomBytes(4).toString('hex')}-9`,
  };
}

/** From the header, through the provider's sign-in page, back to where the user was. */
async function signInFromHeader(page: Page, email: string, password: string) {
  const account = new AccountModel(page);
  await account.signInButton.click();
  await new SignInPage(page).signIn(email, password);
  await account.seeSignedIn();
}

test('signing in merges the guest cart into the user cart and forgets the guest token', async ({ page, request, checkA11y }) => {
  const account = new AccountModel(page);
  await page.goto('/');
  await account.seeSignedOut();
  const guestToken = await account.guestToken();

  // A line in the guest cart, added through the API to the cart the app created.
  const sku = await skuInStock(request);
  const added = await request.post(`/api/Cart/guest/${guestToken}/items`, { data: [{ productId: sku, quantity: 2 }] });
  expect(added.ok()).toBe(true);
  await page.reload();
  await account.seeCartCount(2);
  await checkA11y(page);

  await account.signInButton.click();
  const signIn = new SignInPage(page);
  await signIn.seeSignInPage();
  await checkA11y(page);
  // The session reads the profile claims from the provider's user-info endpoint (shop-core
  // section 7) with the storefront's access token.
  const userinfo = page.waitForResponse((response) => new URL(response.url()).pathname === '/oidc/me');
  await signIn.signIn(DEMO.email, DEMO.password);
  const claims = await userinfo;
  expect(claims.status()).toBe(200);
  expect(claims.request().headers().authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await claims.json()).toMatchObject({ email: DEMO.email, name: DEMO.name, email_verified: true });

  await expect(page).toHaveURL(/\/$/);
  await account.seeSignedIn();
  await expect.poll(() => account.storedGuestToken()).toBeNull();
  const cart = await (await request.get('/api/Cart', { headers: { authorization: `Bearer ${await account.accessToken()}` } })).json();
  const line = (cart.items as { productId: string; quantity: number }[]).find((item) => item.productId === sku);
  expect(line?.quantity).toBeGreaterThanOrEqual(2);
  const total = (cart.items as { quantity: number }[]).reduce((sum, item) => sum + item.quantity, 0);
  await account.seeCartCount(total);
  // The merged guest cart is closed: the old token no longer holds the line (the server answers
  // 404, or a fresh empty cart for a known guest).
  const old = await request.get(`/api/Cart/guest/${guestToken}`);
  if (old.status() !== 404) expect((await old.json()).items).toEqual([]);
  await checkA11y(page);
});

test('signing out resets the cart and starts a new guest cart', async ({ page, checkA11y }) => {
  const account = new AccountModel(page);
  await page.goto('/');
  const firstToken = await account.guestToken();
  await signInFromHeader(page, DEMO.email, DEMO.password);
  await expect.poll(() => account.storedGuestToken()).toBeNull();

  // A sign-out asked without the shop's ID token gets the provider's question; staying keeps the
  // shopper signed in, in the shop too (issue 18).
  const signOut = new SignOutPage(page);
  await signOut.openWithoutShopToken();
  await signOut.seeSignOutPage();
  await checkA11y(page);
  await signOut.stay();
  await expect(page).toHaveURL(/\/$/);
  await account.seeSignedIn();

  await account.openProfile();
  await account.seeProfile(DEMO.name, DEMO.email);
  await checkA11y(page);
  // The shop's own Logout carries its ID token: no question.
  await account.logout();
  await signOut.completesWithoutQuestion();
  await account.seeSignedOut();
  const newToken = await account.guestToken();
  expect(newToken).not.toBe(firstToken);
  await account.seeCartCount(0);
});

test('/profile while signed out goes to sign-in, then back to /profile', async ({ page }) => {
  const account = new AccountModel(page);
  await account.openProfile();
  await new SignInPage(page).signIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/profile$/);
  await account.seeProfile(DEMO.name, DEMO.email);
  await account.seeSignedIn();
});

test('the shop opened at its localhost twin signs in: the user info answers across the two names (issue 39)', async ({ page, shop }) => {
  // PUBLIC_URL names 127.0.0.1; a person may type localhost. The provider stays at PUBLIC_URL,
  // so the storefront reads its user info cross-origin.
  const twin = shop.url.replace('127.0.0.1', 'localhost');
  const account = new AccountModel(page);
  await page.goto(`${twin}/profile`);
  await new SignInPage(page).signIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(`${twin}/profile`);
  await account.seeProfile(DEMO.name, DEMO.email);
  await account.seeSignedIn();
});

test('/register while signed in shows the warning and lands on home', async ({ page, checkA11y }) => {
  const account = new AccountModel(page);
  await page.goto('/');
  await signInFromHeader(page, DEMO.email, DEMO.password);
  // In-app navigation keeps the session (a page load would too: it is in session storage).
  await page.goto('/register');
  await account.seeNotification(REGISTERED_WARNING);
  await expect(page).toHaveURL(/\/$/);
  await account.seeSignedIn();
  await checkA11y(page);
});

test('a new customer registers, is asked to check the inbox, and signs in from that page', async ({ page, checkA11y }) => {
  const account = new AccountModel(page);
  const customer = newAccount();
  await page.goto('/register');
  const registration = new RegistrationPage(page);
  await registration.seeRegistrationPage();
  await checkA11y(page);
  await registration.submit(customer);
  await registration.seeCheckInbox(customer.email);
  await checkA11y(page);
  await registration.signInAfterRegistering(customer.password);

  await expect(page).toHaveURL(/\/$/);
  await account.seeSignedIn();
  await account.openProfile();
  await account.seeProfile(`${customer.firstName} ${customer.lastName}`, customer.email);
});

test('a customer changes the password, then signs in with the new one', async ({ page, checkA11y }) => {
  // A long journey (registration, sign-out, the provider's pages, axe scans, two sign-ins): on a
  // loaded 2-core machine it takes longer than the default 30 s without any step being slow.
  test.slow();
  const account = new AccountModel(page);
  const customer = newAccount();
  await page.goto('/register');
  await new RegistrationPage(page).register(customer);
  await account.seeSignedIn();

  await account.openProfile();
  await account.seeProfile(`${customer.firstName} ${customer.lastName}`, customer.email);
  await account.changePassword();
  const changePassword = new ChangePasswordPage(page);
  await changePassword.seeChangePasswordPage();
  await checkA11y(page);
  const newPassword = `${customer.password}-new`;
  await changePassword.changePassword(customer.password, newPassword);

  // Back on the account page, still signed in.
  await expect(page).toHaveURL(/\/profile$/);
  await account.seeProfile(`${customer.firstName} ${customer.lastName}`, customer.email);

  await account.logout();
  await new SignOutPage(page).completesWithoutQuestion();
  await account.seeSignedOut();

  // The old password no longer works; the new one does.
  await account.signInButton.click();
  const signIn = new SignInPage(page);
  await signIn.signIn(customer.email, customer.password);
  await signIn.seeInvalidCredentials();
  await signIn.signIn(customer.email, newPassword);
  await account.seeSignedIn();
});

test('an unverified address says "Email not verified — resend" in the account until the mailed link is used', async ({ page, request, checkA11y }) => {
  const account = new AccountModel(page);
  const customer = newAccount();
  await page.goto('/register');
  await new RegistrationPage(page).register(customer);
  await account.seeSignedIn();
  await account.openProfile();
  await account.seeProfile(`${customer.firstName} ${customer.lastName}`, customer.email);
  await expect(account.contactCard).toContainText('Email not verified — resend');
  await checkA11y(page);

  // "resend": the provider's page that mails a new link, the address filled in.
  await account.contactCard.getByRole('link', { name: 'resend' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email address' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);

  // The mailed link verifies the address; back in the account the notice is gone.
  await page.goto(await verificationLink(request, customer.email));
  await page.getByRole('button', { name: 'Verify email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address is verified' })).toBeVisible();
  await account.openProfile();
  await account.seeProfile(`${customer.firstName} ${customer.lastName}`, customer.email);
  await expect(account.contactCard).not.toContainText('Email not verified');
});

test('a customer who forgot the password resets it through the mailed link, once', async ({ page, request, checkA11y }) => {
  // A long journey (registration, sign-out, the provider's pages, axe scans, two sign-ins): on a
  // loaded 2-core machine it takes longer than the default 30 s without any step being slow.
  test.slow();
  const account = new AccountModel(page);
  const customer = newAccount();
  await page.goto('/register');
  await new RegistrationPage(page).register(customer);
  await account.seeSignedIn();
  await account.openProfile();
  await account.logout();
  await new SignOutPage(page).completesWithoutQuestion();
  await account.seeSignedOut();

  // From the sign-in page to the request, which answers the same whatever the address.
  await account.signInButton.click();
  const signIn = new SignInPage(page);
  await signIn.seeSignInPage();
  await signIn.forgotPassword();
  const forgot = new ForgotPasswordPage(page);
  await forgot.seeForgotPasswordPage();
  await checkA11y(page);
  await forgot.request(customer.email);
  await forgot.seeLinkSent();
  await checkA11y(page);

  // The mailed link: the password rule applies, then the new password is set.
  const link = await resetLink(request, customer.email);
  await page.goto(link);
  const reset = new ResetPasswordPage(page);
  await reset.seeResetPasswordPage(customer.email);
  await checkA11y(page);
  await reset.reset('Password1234');
  await reset.seeError('This password is too common. Choose another.');
  await checkA11y(page);
  const newPassword = `${customer.password}-reset`;
  await reset.reset(newPassword);
  await reset.seePasswordChanged();
  await checkA11y(page);

  // "Sign in" goes through the shop's account page: the old password is refused, the new one works.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn.signIn(customer.email, customer.password);
  await signIn.seeInvalidCredentials();
  await signIn.signIn(customer.email, newPassword);
  await expect(page).toHaveURL(/\/profile$/);
  await account.seeSignedIn();

  // The link worked once.
  await page.goto(link);
  await reset.seeLinkExpired();
  await checkA11y(page);
});
