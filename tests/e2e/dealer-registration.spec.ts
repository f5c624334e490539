import { expect, test } from './fixtures';
import { PDF } from '../support/documents';
import { DealerRegistrationModel } from './models/dealer-registration.model';
import { mailsTo } from './models/account.model';

/**
 * Dealer registration (catalogue-and-content.md sections 2-5, 7 and 8) against the real server:
 * the spec's messages on an empty submit and nothing sent; the blocks revealed by the switches;
 * a renamed text file passes the browser's name check but the server refuses it by content; a
 * registration with a real PDF and a solved captcha succeeds with the server's message and the
 * form starts over; no captcha, no request.
 */

const uniqueEmail = (name: string) => `${name}.${Date.now()}@example.com`;

test('an empty submit shows the spec messages, sends nothing, and errors clear when edited', async ({ page, checkA11y }) => {
  const dealer = new DealerRegistrationModel(page);
  await dealer.open();
  await expect(dealer.main.getByRole('heading', { level: 1, name: 'Become a Ridgeline Dealer' })).toBeVisible();
  await expect(dealer.main.getByText('Welcome, and thank you for your interest in carrying Ridgeline Arms.')).toBeVisible();
  await checkA11y(page);

  await dealer.submit();
  for (const label of ['Company name', 'Website', 'Phone', 'First name', 'Last name', 'Email', 'Password', 'Confirm password']) {
    await expect(dealer.errorOf(label), label).toHaveText('Required');
  }
  await expect(dealer.section('Shipping address').getByText('Required')).toHaveCount(4);
  await expect(dealer.form.getByText('Please complete the reCAPTCHA')).toBeVisible();
  // Focus goes to the first field in error.
  await expect(dealer.field('Company name')).toBeFocused();
  await checkA11y(page);

  await dealer.field('Website').fill('not a site');
  await expect(dealer.errorOf('Website')).toHaveCount(0);
  await dealer.field('Phone').fill('12345');
  await dealer.field('Email').fill('nobody');
  await dealer.field('Password').fill('Sturdy-pass-1');
  await dealer.field('Confirm password').fill('Other-pass-2');
  await dealer.submit();
  await expect(dealer.errorOf('Website')).toHaveText('Website must be a valid URL');
  await expect(dealer.errorOf('Phone')).toHaveText('Phone must be a valid phone number');
  await expect(dealer.errorOf('Email')).toHaveText('Email must be a valid email address');
  await expect(dealer.errorOf('Confirm password')).toHaveText('Password values must match');
  expect(dealer.posts).toEqual([]);
});

test('the switches reveal the billing, locator and FFL/SOT blocks, whose fields become required', async ({ page, checkA11y }) => {
  const dealer = new DealerRegistrationModel(page);
  await dealer.open();
  await expect(dealer.section('Billing address')).toBeHidden();
  await expect(dealer.field('FFL number')).toBeHidden();
  await expect(dealer.form.getByLabel('Use this address for billing')).toBeChecked();
  await expect(dealer.form.getByLabel('Show my business in the dealer locator')).toBeChecked();
  await expect(dealer.form.getByLabel('Use the shipping address in the dealer locator')).toBeChecked();
  await expect(dealer.form.getByLabel('I hold an FFL or SOT')).not.toBeChecked();
  await expect(dealer.section('Shipping address').getByLabel('Country')).toHaveValue('United States');

  await dealer.form.getByLabel('Use this address for billing').uncheck();
  await dealer.form.getByLabel('Use the shipping address in the dealer locator').uncheck();
  await dealer.form.getByLabel('I hold an FFL or SOT').check();
  await expect(dealer.section('Billing address')).toBeVisible();
  await expect(dealer.form.getByRole('heading', { name: 'Dealer locator address' })).toBeVisible();
  await expect(dealer.field('FFL document')).toHaveAttribute('accept', '.pdf,.tif,.tiff,application/pdf,image/tiff');
  await dealer.submit();
  await expect(dealer.section('Billing address').getByText('Required')).toHaveCount(4);
  await expect(dealer.section('Dealer locator').getByText('Required')).toHaveCount(4);
  await expect(dealer.errorOf('FFL number')).toHaveText('Required');
  await expect(dealer.errorOf('FFL document')).toHaveText('Required');
  await expect(dealer.errorOf('SOT EIN (optional)')).toHaveCount(0);
  await checkA11y(page);

  // Hiding the locator again drops its requirement.
  await dealer.form.getByLabel('Show my business in the dealer locator').uncheck();
  await expect(dealer.form.getByRole('heading', { name: 'Dealer locator address' })).toBeHidden();
  expect(dealer.posts).toEqual([]);
});

test('a missing captcha shows its message and sends nothing', async ({ page }) => {
  const dealer = new DealerRegistrationModel(page);
  await dealer.open();
  await dealer.fillRequired(uniqueEmail('nocaptcha'));
  await dealer.submit();
  await expect(dealer.form.getByText('Please complete the reCAPTCHA')).toBeVisible();
  await expect(dealer.captcha).toBeFocused();
  expect(dealer.posts).toEqual([]);
  await dealer.solveCaptcha();
  await expect(dealer.form.getByText('Please complete the reCAPTCHA')).toHaveCount(0);
});

test('a text file named .pdf passes the browser check but the server refuses it by content', async ({ page }) => {
  const dealer = new DealerRegistrationModel(page);
  await dealer.open();
  await dealer.fillRequired(uniqueEmail('renamed'));
  await dealer.attachFflDocument('licence.pdf', 'application/pdf', Buffer.from('This is not a PDF, only text.\n'));
  await dealer.solveCaptcha();
  await dealer.submit();
  await expect(dealer.notice('FFL document must be a PDF or TIFF file')).toBeVisible();
  await expect(dealer.errorOf('FFL document')).toHaveText('FFL document must be a PDF or TIFF file');
  expect(dealer.posts).toHaveLength(1);
  // Nothing was reset but the captcha (any answer uses it up): the shopper fixes the document,
  // solves the captcha again and tries again.
  await expect(dealer.field('Company name')).toHaveValue('Cascade Outfitters');
  await expect(dealer.captcha).not.toBeChecked();
});

test("a registration with a real PDF succeeds with the server's message and the form starts over", async ({ page, checkA11y }) => {
  const dealer = new DealerRegistrationModel(page);
  const email = uniqueEmail('pdf');
  await dealer.open();
  await dealer.fillRequired(email, 'Gem State Arms');
  await dealer.attachFflDocument('licence.pdf', 'application/pdf', PDF);
  await dealer.field('SOT EIN (optional)').fill('12-3456789');
  await dealer.solveCaptcha();
  const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/Registration/dealer')), dealer.submit()]);
  // The captcha travels in its header (the body's parts are checked in the unit and API tests;
  // the server refuses an FFL registration without a readable PDF or TIFF, so success proves it).
  expect(request.headers()['x-captcha']).toBeTruthy();
  expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

  await expect(dealer.notice(`Thank you for registering, Gem State Arms. We will review your application and contact you at ${email}.`)).toBeVisible();
  expect(dealer.posts).toHaveLength(1);
  await expect(dealer.field('Company name')).toHaveValue('');
  await expect(dealer.field('Email')).toHaveValue('');
  await expect(dealer.form.getByLabel('I hold an FFL or SOT')).not.toBeChecked();
  await expect(dealer.captcha).not.toBeChecked();
  await checkA11y(page);
});

test('an email that already applied is answered as a new application and its owner told by mail; every send needs a new captcha', async ({ page, request, checkA11y }) => {
  const dealer = new DealerRegistrationModel(page);
  const email = uniqueEmail('twice');
  const thanks = (address: string) => `Thank you for registering, Gem State Arms. We will review your application and contact you at ${address}.`;
  await dealer.open();
  await dealer.fillRequired(email, 'Gem State Arms');
  await dealer.solveCaptcha();
  await dealer.submit();
  await expect(dealer.notice(thanks(email))).toBeVisible();

  // The same email again: the same answer as a first application (issue 39: a refusal naming
  // the address told anyone that it had applied); the address's owner learns of it by mail.
  await dealer.fillRequired(email, 'Gem State Arms');
  await dealer.solveCaptcha();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/Registration/dealer')),
    dealer.submit(),
  ]);
  expect(answer.status()).toBe(200);
  await expect(dealer.notice(thanks(email))).toBeVisible();
  await expect(dealer.errorOf('Email')).toHaveCount(0);
  expect(dealer.posts).toHaveLength(2);
  await expect
    .poll(async () => (await mailsTo(request, email)).map((mail) => mail.subject))
    .toContain('You already have a dealer application');
  await checkA11y(page);

  // A submit without a new captcha is stopped in the browser with the captcha's own error.
  const second = uniqueEmail('second');
  await dealer.fillRequired(second, 'Gem State Arms');
  await dealer.submit();
  await expect(dealer.captcha).toHaveAttribute('aria-invalid', 'true');
  await expect(dealer.form.getByText('Please complete the reCAPTCHA')).toBeVisible();
  expect(dealer.posts).toHaveLength(2);

  // Solved again, it is sent and accepted.
  await dealer.solveCaptcha();
  await expect(dealer.form.getByText('Please complete the reCAPTCHA')).toHaveCount(0);
  await dealer.submit();
  await expect(dealer.notice(thanks(second))).toBeVisible();
  expect(dealer.posts).toHaveLength(3);
});
