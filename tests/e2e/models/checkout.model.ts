import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The checkout page (/checkout), its restricted-items modal and the confirmation page
 * (/confirm/{orderId}), as page objects with role locators.
 */

export const SKUS = {
  /** Apparel: no FFL, no restrictions. */
  cap: 'CAP-RANGE-BLK',
  /** 30-round magazine: restricted in California (and other magazine-limit states). */
  magazine: 'RM30-30-BLK',
  /** A rifle: ships to an FFL dealer. */
  rifle: 'RK15C-556-16-BLK',
  /** A pistol: ships to an FFL dealer in the buyer's (billing) state (decision 077). */
  pistol: 'RP9C-STD-BLK',
} as const;

export interface Address {
  email?: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
}

export const IDAHO: Address = {
  email: 'e2e-shopper@example.com',
  firstName: 'Sam',
  lastName: 'Shopper',
  address: '100 Capitol Blvd',
  city: 'Boise',
  state: 'ID',
  zip: '83702',
  phone: '2085550142',
};

/** Denver: the seed's Colorado dealers and Wyoming's Cheyenne dealer are within 100 miles. */
export const COLORADO: Address = { ...IDAHO, address: '1600 Broadway', city: 'Denver', state: 'CO', zip: '80202' };
export const WYOMING: Address = { ...IDAHO, address: '2020 Capitol Ave', city: 'Cheyenne', state: 'WY', zip: '82001' };

export const CALIFORNIA: Address = { ...IDAHO, address: '1315 10th St', city: 'Sacramento', state: 'CA', zip: '95814' };

/** Skip the consent bar (another feature's), decided as declined. */
export async function decideConsent(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem('analyticsConsent', JSON.stringify({ value: false, decidedAt: new Date().toISOString() }));
  });
}

/** Fills the guest cart the app created through the API, then opens checkout. */
export async function fillGuestCart(page: Page, request: APIRequestContext, lines: { productId: string; quantity: number }[]) {
  await page.goto('/');
  const handle = await page.waitForFunction(() => window.localStorage.getItem('guestToken'));
  const guestToken = (await handle.jsonValue()) as string;
  const response = await request.post(`/api/Cart/guest/${guestToken}/items`, { data: lines });
  expect(response.ok(), await response.text()).toBe(true);
  return guestToken;
}

export class CheckoutPage {
  constructor(readonly page: Page) {}

  async goto(stepId = 'billing') {
    await this.page.goto(`/checkout?stepId=${stepId}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  }

  region(name: string) {
    return this.page.getByRole('region', { name, exact: true });
  }

  async seeStep(step: 'billing' | 'payment') {
    await expect(this.page).toHaveURL(new RegExp(`stepId=${step}`));
    const progress = this.page.getByRole('navigation', { name: 'Checkout progress' });
    if (step === 'billing') {
      await expect(this.region('Billing address')).toBeVisible();
      await expect(progress.getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
    } else {
      await expect(this.region('Card payment')).toBeVisible();
      await expect(progress.getByRole('button', { name: 'Billing & shipping (completed)' })).toBeVisible();
    }
  }

  async fillBilling(address: Address) {
    const billing = this.region('Billing address');
    if (address.email) await billing.getByLabel('Email', { exact: true }).fill(address.email);
    await billing.getByLabel('First name', { exact: true }).fill(address.firstName);
    await billing.getByLabel('Last name', { exact: true }).fill(address.lastName);
    if (address.phone) await billing.getByLabel('Phone (optional)', { exact: true }).pressSequentially(address.phone);
    await billing.getByLabel('Address', { exact: true }).fill(address.address);
    await billing.getByLabel('City', { exact: true }).fill(address.city);
    await billing.getByLabel('State', { exact: true }).selectOption(address.state);
    await billing.getByLabel('Zip code', { exact: true }).fill(address.zip);
  }

  async chooseShipping(name: string) {
    await this.region('Shipping method').getByRole('radio', { name: new RegExp(name) }).check();
  }

  /** The FFL dealer part of the billing step (decision 029): search, list, map, the chosen dealer. */
  get dealerStep() {
    return this.region('FFL dealer');
  }

  get dealerCards() {
    return this.dealerStep.getByRole('list', { name: 'FFL dealers, nearest first' }).getByRole('listitem');
  }

  dealerCard(name: string) {
    return this.dealerCards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async dealerCardNames() {
    return this.dealerCards.getByRole('heading').allInnerTexts();
  }

  /** A dealer's marker on the map (an HTML button named after the dealer). */
  dealerMarker(name: string) {
    return this.dealerStep.getByTestId('dealer-map').getByRole('button', { name, exact: true });
  }

  chooseButton(name: string) {
    return this.dealerCard(name).getByRole('button', { name: `Choose ${name}`, exact: true });
  }

  /** Searches the shop's dealers; without a zip, from the one the field holds (the address's). */
  async searchDealers(zip?: string, miles?: number) {
    const step = this.dealerStep;
    const search = step.getByRole('search', { name: 'Find an FFL dealer' });
    if (zip !== undefined) await search.getByLabel('Zip code', { exact: true }).fill(zip);
    if (miles !== undefined) await search.getByLabel('Distance').selectOption(String(miles));
    await search.getByRole('button', { name: 'Find dealers' }).click();
    await expect(step.getByRole('status').filter({ hasText: 'Searching' })).toHaveCount(0);
  }

  /** A listed dealer that cannot be chosen: greyed with the reason, no Choose button. */
  async seeDealerUnavailable(name: string, reason: string) {
    await expect(this.dealerCard(name)).toContainText(reason);
    await expect(this.dealerCard(name).getByRole('button')).toHaveCount(0);
  }

  async seeDealerChoosable(name: string) {
    await expect(this.chooseButton(name)).toBeVisible();
  }

  /** The billing form's state, as the shopper changes it. */
  async setBillingState(state: string) {
    await this.region('Billing address').getByLabel('State', { exact: true }).selectOption(state);
  }

  async chooseDealer(name: string) {
    await this.chooseButton(name).click();
  }

  /** The chosen dealer's record fills the spec's dealer fields, read-only, with "Change dealer". */
  async seeChosenDealer(dealer: { name: string; address?: string; city: string; state: string; zip: string }) {
    const step = this.dealerStep;
    const name = step.getByLabel('Dealer name');
    await expect(name).toHaveValue(dealer.name);
    await expect(name).toHaveAttribute('readonly', '');
    if (dealer.address) await expect(step.getByLabel('Dealer address')).toHaveValue(dealer.address);
    await expect(step.getByLabel('City', { exact: true })).toHaveValue(dealer.city);
    await expect(step.getByLabel('State', { exact: true })).toHaveValue(dealer.state);
    await expect(step.getByLabel('Zip code', { exact: true })).toHaveValue(dealer.zip);
    await expect(step.getByLabel('Country', { exact: true })).toHaveValue('United States');
    await expect(step.getByLabel('Dealer email')).toHaveValue(/@/);
    await expect(step.getByLabel('Dealer phone')).toHaveValue(/\d{3}/);
    await expect(step.getByRole('button', { name: 'Change dealer' })).toBeVisible();
  }

  async changeDealer() {
    await this.dealerStep.getByRole('button', { name: 'Change dealer' }).click();
  }

  /** Waits for the dealers' map to be drawn (a loaded canvas). */
  async waitForDealerMap() {
    const map = this.dealerStep.getByTestId('dealer-map');
    await expect(map.locator('canvas.mapboxgl-canvas')).toBeVisible();
    await this.page.waitForFunction(() => {
      const canvas = document.querySelector('canvas.mapboxgl-canvas') as HTMLCanvasElement | null;
      return !!canvas && canvas.width > 0 && canvas.height > 0;
    });
  }

  async next() {
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  async fillCard(number: string) {
    const card = this.region('Card payment');
    await card.getByLabel('Card number').fill(number);
    await card.getByLabel('Month').selectOption('12');
    await card.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
    await card.getByLabel('Security code').fill('123');
  }

  get placeOrderButton() {
    return this.page.getByRole('button', { name: 'Place Order' });
  }

  async seeNotification(text: string) {
    // Errors are announced as alerts, other notices as status messages.
    await expect(this.page.getByRole('alert').or(this.page.getByRole('status')).filter({ hasText: text })).toBeVisible();
  }

  get summary() {
    return this.page.getByRole('complementary', { name: 'Order summary' });
  }

  get restrictedModal() {
    return this.page.getByRole('dialog', { name: 'You have restricted items in your cart' });
  }
}

export class ConfirmationPage {
  constructor(readonly page: Page) {}

  async seeOrder(): Promise<number> {
    await expect(this.page).toHaveURL(/\/confirm\/\d+$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    const text = await this.page.getByText(/Order number: \d+/).textContent();
    return Number(/(\d+)/.exec(text ?? '')?.[1]);
  }
}
