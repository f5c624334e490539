import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

export interface CartLineSeed {
  productId: string;
  quantity: number;
  options?: { label: string; value: string }[];
  optionIds?: string[];
}

/**
 * The cart panel (shop-core.md section 2) and the header's cart button. Until product pages
 * exist the cart is filled through the API (the guest cart the app made), then the page reloads.
 */
export class CartPanelModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  async openHome() {
    await this.page.goto('/');
  }

  /** Adds lines to the app's guest cart through the API and reloads so the cart machine loads them. */
  async addThroughApi(lines: CartLineSeed[]) {
    const handle = await this.page.waitForFunction(() => window.localStorage.getItem('guestToken'));
    const guestToken = (await handle.jsonValue()) as string;
    const response = await this.page.request.post(`/api/Cart/guest/${guestToken}/items`, { data: lines });
    expect(response.status()).toBe(200);
    await this.page.reload();
  }

  get cartButton() {
    return this.page.getByRole('banner').getByRole('button', { name: /^Cart, / });
  }

  get panel() {
    return this.page.getByRole('dialog', { name: 'Cart' });
  }

  async open() {
    await this.cartButton.click();
    await expect(this.panel).toBeVisible();
  }

  async seeBadgeCount(count: number) {
    await expect(this.cartButton).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
    // The badge shows the count, and is hidden when the cart is empty (decision 013).
    if (count === 0) await expect(this.cartButton).toHaveText('');
    else await expect(this.cartButton).toContainText(count > 99 ? '99+' : String(count));
  }

  line(name: string) {
    return this.panel.getByRole('listitem').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  quantityField(name: string) {
    return this.panel.getByRole('spinbutton', { name: `Qty of ${name}` });
  }

  async seeLine(name: string, { options = [], price, original }: { options?: string[]; price: string; original?: string }) {
    const line = this.line(name);
    await expect(line).toBeVisible();
    await expect(line.getByRole('img')).toHaveCount(0); // the image is decorative (alt="")
    await expect(line.locator('img')).toHaveCount(1);
    for (const option of options) await expect(line.getByText(option, { exact: true })).toBeVisible();
    await expect(line).toContainText(price);
    if (original) await expect(line.locator('s')).toContainText(original);
    else await expect(line.locator('s')).toHaveCount(0);
  }

  async dontSeeLine(name: string) {
    await expect(this.line(name)).toHaveCount(0);
  }

  async seeQuantity(name: string, quantity: number) {
    await expect(this.quantityField(name)).toHaveValue(String(quantity));
  }

  /** Types a quantity and leaves the field (the update is sent on blur). */
  async setQuantity(name: string, quantity: number) {
    const field = this.quantityField(name);
    await field.fill(String(quantity));
    await field.blur();
  }

  async remove(name: string) {
    await this.panel.getByRole('button', { name: `Remove ${name}` }).click();
  }

  async seeTotals({ subtotal, discount, preTax }: { subtotal: string; discount: string; preTax: string }) {
    await expect(this.row('Subtotal')).toHaveText(subtotal);
    await expect(this.row('Discount')).toHaveText(discount);
    await expect(this.row('Pre-Tax Total')).toHaveText(preTax);
  }

  private row(label: string) {
    return this.panel.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  async seeEmpty() {
    await expect(this.panel.getByText('There are no products in the cart')).toBeVisible();
    await expect(this.panel.getByRole('button', { name: 'CHECKOUT' })).toBeDisabled();
  }

  async checkout() {
    await this.panel.getByRole('link', { name: 'CHECKOUT' }).click();
  }

  async seeNotification(text: string) {
    await expect(this.page.getByRole('status').filter({ hasText: text })).toBeVisible();
  }

  /** While the panel is open its notices show inside it, above the lines (the page is inert). */
  async seeNotificationInPanel(text: string) {
    await expect(this.panel.getByRole('status').filter({ hasText: text })).toBeVisible();
  }
}
