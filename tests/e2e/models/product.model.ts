import { expect, type Page } from '@playwright/test';
import { CartPanelModel } from './cart-panel.model';

/**
 * Product detail pages (catalogue-and-content.md sections 2 and 4) in their three layouts, plus
 * the header's cart button and cart panel (inherited) to see what Add to Cart did.
 */
export class ProductModel extends CartPanelModel {
  constructor(page: Page) {
    super(page);
  }

  async openProduct(layout: 'product-short' | 'product-short-alt' | 'product-long', documentId: string) {
    await this.page.goto(`/product/${layout}/${documentId}`);
  }

  async seeProduct(title: string, layout: 'pistol' | 'general' | 'rifle') {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(this.page.locator(`[data-layout="${layout}"]`)).toBeVisible();
  }

  async seeBreadcrumbs(titles: string[]) {
    const nav = this.page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(nav.getByRole('listitem')).toHaveText(titles);
    for (const title of titles.slice(0, -1)) await expect(nav.getByRole('link', { name: title })).toBeVisible();
    await expect(nav.getByText(titles[titles.length - 1])).toHaveAttribute('aria-current', 'page');
  }

  /** An option group: radio buttons (decision 042). */
  group(label: string) {
    return this.page.getByRole('radiogroup', { name: label, exact: true });
  }

  /** An option by its visible label; its accessible name may add ', sold out' or ', not available…'. */
  option(label: string, option: string) {
    return this.group(label).getByRole('radio', { name: optionName(option) });
  }

  async choose(label: string, option: string) {
    const radio = this.option(label, option);
    // The input is visually hidden inside its label (the chip); it is enabled once the page is hydrated.
    await expect(radio).toBeEnabled();
    // A press on the chip (the radio's label) chooses it, as a shopper does. The `has` locator is
    // relative to each label, so it names the radio without the group around it.
    await this.group(label).locator('label').filter({ has: this.page.getByRole('radio', { name: optionName(option) }) }).click();
    await expect(radio).toBeChecked();
  }

  async seeChosen(label: string, option: string) {
    await expect(this.option(label, option)).toBeChecked();
  }

  async seeOptions(label: string, options: string[]) {
    await expect(this.group(label).locator('label')).toHaveText(options.map((o) => new RegExp(`^${o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
  }

  /** Struck through (sold out, or not made with the earlier choices), still choosable. */
  async seeUnavailable(label: string, option: string, why: 'sold out' | 'not available with these choices') {
    const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(this.group(label).getByRole('radio', { name: new RegExp(`^${escaped}, ${why}$`) })).toBeEnabled();
    await expect(this.group(label).locator('label', { hasText: option }).locator('span').first()).toHaveCSS('text-decoration-line', 'line-through');
  }

  /** What the last choice reset, said in a polite live region. */
  async seeResetAnnounced(text: string) {
    await expect(this.page.locator('[aria-live="polite"]').filter({ hasText: text })).toHaveText(text);
  }

  /** The buy box's price and Add to Cart are inside the first screen, without scrolling. */
  async seeBuyBoxInFirstScreen() {
    await this.page.evaluate(() => window.scrollTo(0, 0));
    const viewport = this.page.viewportSize()!;
    for (const target of [this.page.getByRole('heading', { level: 1 }), this.price, this.addToCartButton]) {
      const box = await target.boundingBox();
      expect(box, 'on the page').not.toBeNull();
      expect(box!.y + box!.height, 'above the fold').toBeLessThanOrEqual(viewport.height);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    }
  }

  imageLibraryLink(label: string) {
    return this.page.getByRole('region', { name: 'Image Library' }).getByRole('link', { name: label, exact: true });
  }

  get price() {
    return this.page.getByTestId('product-price');
  }

  async seePrice(text: string) {
    await expect(this.price).toContainText(text);
  }

  addOn(name: string | RegExp) {
    return this.page.getByRole('button', { name });
  }

  async toggleAddOn(name: string | RegExp) {
    await this.addOn(name).click();
  }

  async seeAddOn(name: string | RegExp, on: boolean) {
    await expect(this.addOn(name)).toHaveAttribute('aria-pressed', String(on));
  }

  async setProductQuantity(quantity: number) {
    await this.page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  }

  get addToCartButton() {
    return this.page.getByRole('button', { name: 'Add to Cart' });
  }

  async addToCart() {
    await this.addToCartButton.click();
  }

  get stockAlert() {
    return this.page.locator('[data-slot="stock-alert"]');
  }

  async seeNotifyMe(sku: string, productName: string) {
    await expect(this.page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(this.stockAlert.getByRole('heading', { name: 'Notify Me' })).toBeVisible();
    await expect(this.stockAlert).toHaveAttribute('data-product-id', sku);
    await expect(this.stockAlert).toHaveAttribute('data-product-name', productName);
    await expect(this.addToCartButton).toHaveCount(0);
  }

  async dontSeeNotifyMe() {
    await expect(this.stockAlert).toHaveCount(0);
    await expect(this.addToCartButton).toBeEnabled();
  }

  // ---- Gallery and lightbox ----

  async showImage(n: number) {
    await this.page.getByRole('button', { name: new RegExp(`^Show image ${n}:`) }).click();
  }

  async openLightbox() {
    await this.page.getByRole('button', { name: /^Open image \d+ of \d+ full screen/ }).click();
    await expect(this.lightbox).toBeVisible();
  }

  get lightbox() {
    return this.page.getByRole('dialog', { name: 'Lightbox' });
  }

  /** The slide in view (the others are inert, so out of the accessibility tree). */
  async seeSlide(label: string, alt: string) {
    const slide = this.lightbox.getByRole('group', { name: label });
    await expect(slide).toBeVisible();
    await expect(slide.getByRole('img')).toHaveAttribute('alt', alt);
  }

  async next() {
    await this.lightbox.getByRole('button', { name: 'Next' }).click();
  }

  async previous() {
    await this.lightbox.getByRole('button', { name: 'Previous' }).click();
  }

  async closeLightbox() {
    await this.lightbox.getByRole('button', { name: 'Close' }).click();
    await expect(this.lightbox).toHaveCount(0);
  }

  // ---- More details accordion ----

  detail(question: string) {
    return this.page.getByRole('button', { name: question });
  }

  /** The accordion is below the buy box and hydrates with its own chunk: press until it answers. */
  async openDetail(question: string) {
    await expect(async () => {
      if ((await this.detail(question).getAttribute('aria-expanded')) !== 'true') await this.detail(question).click();
      await expect(this.detail(question)).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    }).toPass();
  }

  async seeDetailOpen(question: string, open: boolean) {
    await expect(this.detail(question)).toHaveAttribute('aria-expanded', String(open));
  }

  // ---- Compatibility ----

  /** The tabs load with their own chunk (decision 042): press until the tab is selected. */
  async chooseTab(name: string) {
    const tab = this.page.getByRole('tab', { name });
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
    }).toPass();
  }

  async seeComingSoon() {
    await expect(this.page.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    await expect(this.addToCartButton).toBeDisabled();
  }

  async seeCompatibilityChosen(name: string) {
    await expect(this.page.getByRole('radio', { name })).toBeChecked();
  }

  /** The cart panel line's option rows ('Label:' then the value), in order. */
  async seeLineOptions(name: string, options: [label: string, value: string][]) {
    const rows = this.line(name).locator('dl > div');
    await expect(rows).toHaveText(options.map(([label, value]) => `${label}:${value}`));
  }

  async seeEmptyCartBadge() {
    await expect(this.cartButton).toHaveAccessibleName('Cart, 0 items');
  }

  async seeNotFound() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  }
}

/** An option's accessible name: its label, then maybe ', sold out' or ', not available…'. */
function optionName(option: string): RegExp {
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(,|$)`);
}
