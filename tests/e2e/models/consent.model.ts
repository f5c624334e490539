import { expect, type Page, type Request } from '@playwright/test';
import { ShellModel } from './shell.model';

/** The analytics consent bar (a region at the bottom, not a modal) and the analytics requests a page makes. */
export class ConsentModel extends ShellModel {
  /** Every request to the first-party analytics endpoint since the model was made. */
  readonly analyticsRequests: Request[] = [];

  constructor(page: Page) {
    super(page);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/Analytics')) this.analyticsRequests.push(request);
    });
  }

  get bar() {
    return this.page.getByRole('region', { name: 'We value your privacy' });
  }

  get cookiePreferences() {
    return this.footer.getByRole('button', { name: 'Cookie preferences' });
  }

  async seeBar() {
    await expect(this.bar).toBeVisible();
    await expect(this.bar.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(this.bar.getByRole('button', { name: 'Decline' })).toBeVisible();
    // Not a modal: no dialog, nothing of the page hidden from assistive technology.
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
    await expect(this.page.locator('[aria-modal="true"]')).toHaveCount(0);
  }

  async dontSeeBar() {
    await expect(this.bar).toBeHidden();
  }

  async accept() {
    await this.bar.getByRole('button', { name: 'Accept' }).click();
  }

  async decline() {
    await this.bar.getByRole('button', { name: 'Decline' }).click();
  }

  /** The footer's 'Cookie preferences' shows the bar again. */
  async reopen() {
    await this.cookiePreferences.click();
    await expect(this.bar).toBeVisible();
  }

  async storedDecision(): Promise<{ value: boolean; decidedAt: string } | null> {
    return this.page.evaluate(() => JSON.parse(window.localStorage.getItem('analyticsConsent') ?? 'null'));
  }

  pageViews() {
    return this.analyticsRequests.map((request) => request.postDataJSON() as { type: string; path: string; at: string });
  }
}

/** The promotion pop-up of an applied discount. */
export class PromotionModel extends ShellModel {
  popup(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async seePopup(title: string, subtitle: string) {
    const popup = this.popup(title);
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading', { name: title })).toBeVisible();
    await expect(popup.getByText(subtitle)).toBeVisible();
    await expect(popup.getByRole('link', { name: 'Shop Now' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Close promotion' })).toBeVisible();
  }

  async shopNow(title: string) {
    await this.popup(title).getByRole('link', { name: 'Shop Now' }).click();
  }
}
