import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { AccountModel, placeOrder, verificationLink } from './models/account.model';
import { captchaValue } from './models/captcha-form.model';
import { CheckoutPage, SKUS } from './models/checkout.model';
import { ChangePasswordPage, RegistrationPage, SignInPage, SignOutPage } from './models/identity.model';

/**
 * The account area (shop-core.md sections 2, 3, 5, 7, 8) with the seeded demo customer against
 * the real shop API: details, addresses and defaults (checkout prefills them), the newsletter
 * preference, orders and their details, the password change round trip (a fresh customer, so the
 * demo password stays), and the email verification link from the dev mailbox. Every account
 * screen gets an axe check. Tests that change the demo customer put it back as seeded, since
 * other specs rely on its default addresses.
 */

// Each journey signs in through the provider's pages and waits for real API calls.
test.describe.configure({ timeout: 90_000 });

const DEMO = { email: 'demo@ridgeline.example', password: 'Ridgeline-demo-1', name: 'Dana Demo', phone: '(406) 555-0142' };

async function signInAsDemo(page: Page, to = '/profile') {
  const account = new AccountModel(page);
  await page.goto(to);
  // /profile/... sends to the sign-in page (the guard); elsewhere the header's Sign in does.
  if (!to.startsWith('/profile')) await account.signInButton.click();
  await new SignInPage(page).signIn(DEMO.email, DEMO.password);
  await account.seeSignedIn();
  return account;
}

interface SavedAddress {
  id: number;
  addressName: string;
  [key: string]: unknown;
}

/** The demo customer as seeded: its details, Home (default shipping) and Office (default billing). */
async function restoreDemo(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  await request.put('/api/User/profile', { headers, data: { firstName: 'Dana', lastName: 'Demo', phoneNumber: DEMO.phone } });
  const profile = (await (await request.get('/api/User/profile', { headers })).json()) as { addresses: SavedAddress[] };
  for (const address of profile.addresses) {
    if (address.addressName !== 'Home' && address.addressName !== 'Office') {
      await request.delete(`/api/User/addresses/${address.id}`, { headers });
      continue;
    }
    const { id, addressContact: _contact, ...rest } = address;
    const input = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null));
    const flags = address.addressName === 'Home' ? { isDefaultShipping: true, isDefaultBilling: false } : { isDefaultShipping: false, isDefaultBilling: true };
    const res = await request.put(`/api/User/addresses/${id}`, { headers, data: { ...input, ...flags } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await request.post('/api/Newsletter/subscribe', { headers, data: { email: DEMO.email } });
}

test('the overview shows contact, newsletter and default addresses; the navigation leads around', async ({ page, checkA11y }) => {
  const account = await signInAsDemo(page);
  await account.seeProfile(DEMO.name, DEMO.email);
  await expect(account.contactCard).toContainText(DEMO.phone);
  await expect(account.card('Newsletter')).toContainText('You are subscribed to the newsletter.');
  await expect(account.card('Default shipping address')).toContainText('1200 Ridgeline Road');
  await expect(account.card('Default billing address')).toContainText('45 Main Street');
  await expect(account.card('Default shipping address').getByRole('link', { name: 'Change shipping address' })).toBeVisible();
  await expect(account.card('Default billing address').getByRole('link', { name: 'Change billing address' })).toBeVisible();
  // No Back link on the index.
  await expect(account.main.getByRole('link', { name: 'Back', exact: true })).toHaveCount(0);
  await expect(account.accountNav.getByRole('link', { name: 'My Account' })).toHaveAttribute('aria-current', 'page');
  await checkA11y(page);

  await account.navigate('Address Book');
  await account.seeHeading('Address Book');
  await account.back();
  await account.seeHeading('My Account');

  await account.main.getByRole('link', { name: 'Account information' }).click();
  await account.seeHeading('Account information');
  await expect(account.main).toContainText(DEMO.email);
  await checkA11y(page);

  await account.back();
  await account.main.getByRole('link', { name: 'My reviews' }).click();
  await account.seeHeading('My reviews');
  // The demo customer's two seeded reviews, with their products.
  await expect(account.main.getByRole('article')).toHaveCount(2);
  await expect(account.main.getByText('Product:').first()).toBeVisible();
  await checkA11y(page);
});

test('the demo customer edits the personal details; the email is read-only', async ({ page, request, checkA11y }) => {
  const account = await signInAsDemo(page);
  const token = await account.accessToken();
  try {
    await account.contactCard.getByRole('link', { name: 'Edit contact information' }).click();
    await account.seeHeading('Edit personal details');
    const email = account.main.getByLabel('Email', { exact: true });
    await expect(email).toBeDisabled();
    await expect(email).toHaveValue(DEMO.email);
    await checkA11y(page);

    // The generic rule's messages; editing a field clears its error.
    const lastName = account.main.getByLabel('Last name', { exact: true });
    await lastName.fill('');
    await account.main.getByLabel('Phone (optional)', { exact: true }).fill('12');
    await account.save('Save');
    await account.seeFieldError('Last name', 'Last name is required');
    await account.seeFieldError('Phone (optional)', 'Must be a valid phone number');
    await checkA11y(page);
    await lastName.fill('Demo-Tester');
    await expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
    await account.main.getByLabel('Phone (optional)', { exact: true }).fill('4065550199');
    await account.save('Save');

    await account.seeNotification('Your details have been saved');
    await account.seeHeading('My Account');
    await account.seeProfile('Dana Demo-Tester', DEMO.email);
    await expect(account.contactCard).toContainText('(406) 555-0199');
  } finally {
    await restoreDemo(request, token);
  }
});

test('addresses: add one as the new defaults (checkout prefills it), edit it, delete it', async ({ page, request, checkA11y }) => {
  const account = await signInAsDemo(page, '/profile/address-book');
  const token = await account.accessToken();
  try {
    await account.seeHeading('Address Book');
    await expect(account.card('Home')).toContainText('Default shipping');
    await expect(account.card('Office')).toContainText('Default billing');
    await checkA11y(page);

    await account.main.getByRole('link', { name: 'Add New Address' }).click();
    await expect(page).toHaveURL(/\/profile\/address-book\/new$/);
    await account.seeHeading('Add New Address');
    // A new address: type 10, United States, both defaults and residential on.
    await expect(account.main.getByLabel('Country', { exact: true })).toHaveValue('United States');
    await expect(account.main.getByLabel('Address type', { exact: true })).toHaveValue('10');
    await expect(account.checkbox('Default shipping address')).toBeChecked();
    await expect(account.checkbox('Default billing address')).toBeChecked();
    await expect(account.checkbox('Residential address')).toBeChecked();
    await checkA11y(page);

    // Required fields, in the generic rule's words.
    await account.main.getByLabel('First name', { exact: true }).fill('');
    await account.save();
    await account.seeFieldError('Address name', 'Address name is required');
    await account.seeFieldError('First name', 'First name is required');
    await account.seeFieldError('Address line 1', 'Address line 1 is required');
    await account.seeFieldError('State', 'State is required');
    await checkA11y(page);

    await account.fillAddress({
      'Address name': 'Cabin',
      'First name': 'Dana',
      'Last name': 'Demo',
      Phone: '4065550111',
      'Address line 1': '9 Pine Lane',
      City: 'Whitefish',
      'Postal code': '59937',
      state: 'MT',
    });
    await account.main.getByLabel('Care of (optional)', { exact: true }).fill('Front desk');
    await account.save();
    await account.seeNotification('The address has been saved');
    await account.seeHeading('Address Book');
    await expect(account.card('Cabin')).toContainText('c/o Front desk');
    await expect(account.card('Cabin')).toContainText('Default shipping');
    await expect(account.card('Cabin')).toContainText('Default billing');
    // The defaults moved: Home and Office are now additional addresses.
    await expect(account.card('Home')).not.toContainText('Default shipping');
    await expect(account.card('Office')).not.toContainText('Default billing');

    // Checkout prefills the new defaults (the session's profile was reloaded).
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await expect(checkout.region('Billing address').getByLabel('City', { exact: true })).toHaveValue('Whitefish');
    await page.goto('/profile/address-book');

    // Edit: Office becomes the default billing address again.
    await account.card('Office').getByRole('link', { name: 'Edit Office' }).click();
    await account.seeHeading('Edit address');
    await expect(account.main.getByLabel('Address line 1', { exact: true })).toHaveValue('45 Main Street');
    await checkA11y(page);
    await account.checkbox('Default billing address').check();
    await account.save();
    await account.seeNotification('The address has been saved');
    await expect(account.card('Office')).toContainText('Default billing');
    await expect(account.card('Cabin')).not.toContainText('Default billing');

    // Delete asks first; Cancel keeps it, Delete removes it.
    await account.card('Cabin').getByRole('button', { name: 'Delete Cabin' }).click();
    await expect(account.deleteDialog).toBeVisible();
    await checkA11y(page);
    await account.deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(account.deleteDialog).toHaveCount(0);
    await expect(account.card('Cabin')).toBeVisible();
    await account.card('Cabin').getByRole('button', { name: 'Delete Cabin' }).click();
    await account.deleteDialog.getByRole('button', { name: 'Delete address' }).click();
    await account.seeNotification('The address has been deleted');
    await expect(account.card('Cabin')).toHaveCount(0);
  } finally {
    await restoreDemo(request, token);
  }
});

test('a customer without addresses sees the empty address book', async ({ page, checkA11y }) => {
  const account = new AccountModel(page);
  await page.goto('/register');
  const email = `e2e-${randomBytes(5).toString('hex')}@example.com`;
  await new RegistrationPage(page).register({ firstName: 'Avery', lastName: 'Empty', email, password: `Trail-${randomBytes(4).toString('hex')}-9` });
  await account.seeSignedIn();
  await page.goto('/profile/address-book');
  await expect(account.main.getByText('No addresses found', { exact: true })).toBeVisible();
  await page.goto('/profile/orders');
  await expect(account.main.getByText('You have placed no orders', { exact: true })).toBeVisible();
  await checkA11y(page);
});

test('the newsletter preference: unsubscribe, then subscribe again', async ({ page, request, checkA11y }) => {
  const account = await signInAsDemo(page, '/profile/newsletter');
  const token = await account.accessToken();
  try {
    await account.seeHeading('Newsletter preference');
    await expect(account.main).toContainText('You are subscribed to the newsletter');
    await checkA11y(page);
    await account.main.getByRole('button', { name: 'Unsubscribe' }).click();
    await account.seeNotification('You have been unsubscribed from the newsletter');
    await expect(account.main).toContainText('You are not subscribed to the newsletter.');
    await account.main.getByRole('button', { name: 'Subscribe' }).click();
    await account.seeNotification('You have been subscribed to the newsletter');
    await expect(account.main).toContainText('You are subscribed to the newsletter');
    await account.back();
    await expect(account.card('Newsletter')).toContainText('You are subscribed to the newsletter.');
  } finally {
    await restoreDemo(request, token);
  }
});

test("orders: the list, one order's details, and another customer's order is not found", async ({ page, request, checkA11y }) => {
  const account = await signInAsDemo(page, '/');
  const sku = SKUS.cap; // no FFL dealer needed
  const orderId = await placeOrder(request, sku, { bearer: await account.accessToken() });
  const foreign = await placeOrder(request, sku, {});

  await account.openProfile();
  await account.navigate('My Orders');
  await account.seeHeading('My Orders');
  const row = account.ordersTable.getByRole('row').filter({ has: page.getByRole('link', { name: `Order ${orderId}` }) });
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$');
  await checkA11y(page);

  await row.getByRole('link', { name: `Order ${orderId}` }).click();
  await account.seeHeading(`Order #${orderId}`);
  // Where it went, how it shipped and the card the provider charged (decision 037).
  await expect(account.card('Billing address')).toContainText('100 Congress Ave');
  await expect(account.card('Shipping address')).toContainText('Same as billing');
  await expect(account.card('Shipping method')).toContainText('Ground');
  await expect(account.card('Shipping method')).toContainText('$9.95');
  await expect(account.card('Payment method')).toContainText('Visa ending in 4242');
  await expect(account.card('FFL dealer')).toHaveCount(0);
  const items = account.main.getByRole('table');
  await expect(items.getByRole('row')).toHaveCount(2);
  await expect(items.getByRole('cell').nth(2)).toHaveText('2');
  await expect(items.getByRole('link').first()).toHaveAttribute('href', /^\/product\//);
  const totals = account.main.getByRole('definition');
  await expect(totals.last()).toContainText('$');
  await expect(account.main.getByText('Subtotal')).toBeVisible();
  await expect(account.main.getByText('Shipping', { exact: true })).toBeVisible();
  await expect(account.main.getByText('Tax', { exact: true })).toBeVisible();
  await checkA11y(page);
  await account.back();
  await account.seeHeading('My Orders');

  await page.goto(`/profile/orders/${foreign}`);
  await expect(page.getByText('404 Not Found')).toBeVisible();
});

test('change password round trip for a fresh customer', async ({ page, checkA11y }) => {
  const account = new AccountModel(page);
  const customer = { firstName: 'Riley', lastName: 'Changer', email: `e2e-${randomBytes(5).toString('hex')}@example.com`, password: `Trail-${randomBytes(4).toString('hex')}-9` };
  await page.goto('/register');
  await new RegistrationPage(page).register(customer);
  await account.seeSignedIn();
  await account.openProfile();
  await account.seeProfile(`${customer.firstName} ${customer.lastName}`, customer.email);
  await checkA11y(page);

  await account.changePassword();
  const newPassword = `${customer.password}-new`;
  await new ChangePasswordPage(page).changePassword(customer.password, newPassword);
  await expect(page).toHaveURL(/\/profile$/);
  await account.logout();
  await new SignOutPage(page).completesWithoutQuestion();
  await account.seeSignedOut();

  await account.openProfile();
  const signIn = new SignInPage(page);
  await signIn.signIn(customer.email, customer.password);
  await signIn.seeInvalidCredentials();
  await signIn.signIn(customer.email, newPassword);
  await expect(page).toHaveURL(/\/profile$/);
  await account.seeProfile(`${customer.firstName} ${customer.lastName}`, customer.email);
});

test('the verification link from the mail verifies once; a second visit shows the server message', async ({ page, request, checkA11y }) => {
  const account = new AccountModel(page);
  const email = `e2e-news-${randomBytes(5).toString('hex')}@example.com`;
  const subscribed = await request.post('/api/Newsletter/subscribe', { data: { email, captcha: await captchaValue(request) } });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  const link = await verificationLink(request, email);

  // Hold the verification call so the page's waiting state can be seen and checked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Newsletter/verify/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'VERIFYING EMAIL...' })).toBeVisible();
  await checkA11y(page);
  release();
  await account.seeNotification('Email verified successfully');
  await expect(page).toHaveURL(/\/$/);
  await page.unroute('**/api/Newsletter/verify/**');

  await page.goto(link);
  await account.seeNotification('This verification link is invalid or has already been used');
  await expect(page).toHaveURL(/\/$/);
});
