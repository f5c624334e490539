import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** The shell's account control, the stored identity state, and the /profile index. */
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

  async seeSignedOut() {
    await expect(this.signInButton).toBeVisible();
    await expect(this.accountLink).toHaveCount(0);
  }

  async seeSignedIn() {
    await expect(this.accountLink).toBeVisible();
    await expect(this.signInButton).toHaveCount(0);
  }

  async seeCartCount(count: number) {
    await expect(this.page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` })).toBeVisible();
  }

  async seeNotification(text: string) {
    await expect(this.page.getByRole('status').filter({ hasText: text })).toBeVisible();
  }

  /** The guest token the cart machine keeps in local storage, once there is one. */
  async guestToken(): Promise<string> {
    const handle = await this.page.waitForFunction(() => window.localStorage.getItem('guestToken'));
    return (await handle.jsonValue()) as string;
  }

  async storedGuestToken(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('guestToken'));
  }

  /** The signed-in user's access token, as oidc-client-ts keeps it (session storage). */
  async accessToken(): Promise<string> {
    const token = await this.page.evaluate(() => {
      for (let i = 0; i < window.sessionStorage.length; i += 1) {
        const key = window.sessionStorage.key(i);
        if (key?.startsWith('oidc.user:')) return (JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
      }
      return undefined;
    });
    if (!token) throw new Error('No signed-in user in session storage');
    return token;
  }

  async openProfile() {
    await this.page.goto('/profile');
  }

  async seeProfile(name: string, email: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(this.page.getByText(name, { exact: true })).toBeVisible();
    await expect(this.page.getByText(email, { exact: true })).toBeVisible();
  }

  async changePassword() {
    await this.page.getByRole('button', { name: 'Change Password' }).click();
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
  }
}

/** A sku in stock, from the price list (GET /api/Products). */
export async function skuInStock(request: APIRequestContext): Promise<string> {
  const prices = (await (await request.get('/api/Products')).json()) as Record<string, { qtyOnHand: number }>;
  const sku = Object.entries(prices).find(([, p]) => p.qtyOnHand > 0)?.[0];
  if (!sku) throw new Error('No sku in stock in the seeded catalogue');
  return sku;
}
