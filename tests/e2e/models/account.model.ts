import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** The shell's account control, the stored identity state, and the account area (/profile/...). */
export class AccountModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  get signInButton() {
    return this.page.getByRole('banner').getByRole('button', { name: 'Sign in' });
  }

  get accountLink() {
    return this.page.getByRole('banner').getByRole('link', { name: 'Account' });
  }

  /** The account area's own navigation (My Account, My Orders, Address Book, Logout). */
  get accountNav() {
    return this.page.getByRole('navigation', { name: 'Account' });
  }


  async seeSignedOut() {
    await expect(this.signInButton).toBeVisible();
    await expect(this.accountLink).toHaveCount(0);
  }

  /** Signed in and settled: the link stays busy while a sign-in callback still runs. */
  async seeSignedIn() {
    await expect(this.accountLink).toBeVisible();
    await expect(this.accountLink).not.toHaveAttribute('aria-busy');
    await expect(this.signInButton).toHaveCount(0);
  }

  async seeCartCount(count: number) {
    await expect(this.page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` })).toBeVisible();
  }

  /** The banner: role status for notices, alert for errors. */
  async seeNotification(text: string) {
    await expect(this.page.getByRole('status').or(this.page.getByRole('alert')).filter({ hasText: text })).toBeVisible();
  }

  /** The guest token the cart machine keeps in local storage, once there is one. */
  async guestToken(): Promise<string> {
    const handle = await this.page.waitForFunction(() => window.localStorage.getItem('guestToken'));
    return (await handle.jsonValue()) as string;
  }

  async storedGuestToken(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('guestToken'));
  }

  /**
   * The signed-in user's access token, as oidc-client-ts keeps it (session storage). The header
   * shows the account link while the sign-in callback still runs, so this waits for the stored user.
   */
  async accessToken(): Promise<string> {
    const handle = await this.page.waitForFunction(() => {
      for (let i = 0; i < window.sessionStorage.length; i += 1) {
        const key = window.sessionStorage.key(i);
        if (key?.startsWith('oidc.user:')) return (JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
      }
      return undefined;
    });
    const token = (await handle.jsonValue()) as string | undefined;
    if (!token) throw new Error('No signed-in user in session storage');
    return token;
  }

  async openProfile() {
    await this.page.goto('/profile');
  }

  /** The overview's contact card shows the name and email. */
  async seeProfile(name: string, email: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    const contact = this.contactCard;
    await expect(contact.getByText(name, { exact: true })).toBeVisible();
    await expect(contact.getByText(email, { exact: true })).toBeVisible();
  }

  get contactCard() {
    return this.main.getByRole('article', { name: 'Contact information' });
  }

  card(name: string): Locator {
    return this.main.getByRole('article', { name, exact: true });
  }

  async changePassword() {
    await this.page.getByRole('button', { name: 'Change Password' }).click();
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
  }

  async navigate(name: 'My Account' | 'My Orders' | 'Address Book') {
    await this.accountNav.getByRole('link', { name, exact: true }).click();
  }

  async back() {
    await this.main.getByRole('link', { name: 'Back', exact: true }).click();
  }

  async seeHeading(name: string) {
    await expect(this.page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  }

  async seeFieldError(label: string, message: string) {
    const field = this.main.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(this.main.getByText(message, { exact: true })).toBeVisible();
  }

  /** Fills the address form (/profile/address-book/{id}). */
  async fillAddress(values: Partial<Record<'Address name' | 'First name' | 'Last name' | 'Phone' | 'Address line 1' | 'City' | 'Postal code', string>> & { state?: string }) {
    for (const [label, value] of Object.entries(values)) {
      if (label === 'state') continue;
      await this.main.getByLabel(label, { exact: true }).fill(value as string);
    }
    if (values.state) await this.main.getByLabel('State', { exact: true }).selectOption(values.state);
  }

  checkbox(label: string) {
    return this.main.getByRole('checkbox', { name: label, exact: true });
  }

  /**
   * Leaving the last field first lets its blur check settle (an error line that goes away moves
   * the button), then the button is pressed where it now is.
   */
  async save(name = 'Save address') {
    const button = this.main.getByRole('button', { name, exact: true });
    await button.focus();
    await button.click();
  }

  get deleteDialog() {
    return this.page.getByRole('alertdialog', { name: 'Delete this address?' });
  }

  get ordersTable() {
    return this.main.getByRole('table');
  }
}

/** A sku in stock, from the price list (GET /api/Products). */
export async function skuInStock(request: APIRequestContext): Promise<string> {
  const prices = (await (await request.get('/api/Products')).json()) as Record<string, { qtyOnHand: number }>;
  const sku = Object.entries(prices).find(([, p]) => p.qtyOnHand > 0)?.[0];
  if (!sku) throw new Error('No sku in stock in the seeded catalogue');
  return sku;
}

/** Customer info of an order placed through the API (the sandbox's approving test token pays). */
export const ORDER_BILLING = {
  email: 'pat.buyer@example.com',
  name: 'Pat Buyer',
  mainContact: '(512) 555-0199',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'United States',
  shippingSameAsBilling: true,
  shippingMethodId: 1,
};

/**
 * A one-time token for the sandbox's approving test card, from its tokenizer as the card form
 * gets one: the sandbox charges no other kind (decision 028).
 */
export async function cardToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/payments-sandbox/v1/tokens', {
    data: { number: '4242424242424242', month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** Places an order through the API: as the bearer's user, or as a new guest. Answers the order id. */
export async function placeOrder(request: APIRequestContext, sku: string, auth: { bearer?: string }): Promise<number> {
  let cartId: number;
  let headers: Record<string, string> = {};
  if (auth.bearer) {
    headers = { authorization: `Bearer ${auth.bearer}` };
    const cart = await request.get('/api/Cart', { headers });
    for (const item of ((await cart.json()) as { items: { id: number }[] }).items) await request.delete(`/api/Cart/items/${item.id}`, { headers });
    const added = await request.post('/api/Cart/items', { headers, data: [{ productId: sku, quantity: 2 }] });
    expect(added.ok(), await added.text()).toBe(true);
    cartId = ((await added.json()) as { id: number }).id;
  } else {
    const guest = (await (await request.post('/api/Auth/guest')).json()) as { guestToken?: string; token?: string };
    const token = guest.guestToken ?? guest.token ?? '';
    headers = { 'X-Guest-Id': token };
    const added = await request.post(`/api/Cart/guest/${token}/items`, { data: [{ productId: sku, quantity: 1 }] });
    expect(added.ok(), await added.text()).toBe(true);
    cartId = ((await added.json()) as { id: number }).id;
  }
  const placed = await request.post('/api/Checkout/simplified', {
    headers: { ...headers, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(16).slice(2)}` },
    data: { cartId, customerInfo: ORDER_BILLING, paymentToken: await cardToken(request) },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { orderId: number }).orderId;
}

/** The mails the dev mailbox holds for an address (newest first). */
export async function mailsTo(request: APIRequestContext, email: string): Promise<{ subject: string; text: string }[]> {
  const res = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
  return (await res.json()) as { subject: string; text: string }[];
}

/** The newest verification link the dev mailbox holds for an address. */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, email);
      link = mails.map((mail) => /https?:\/\/\S+\/Newsletter\/verify\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}
