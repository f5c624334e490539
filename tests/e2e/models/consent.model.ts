import { expect, type Page, type Request } from '@playwright/test';
import { ShellModel } from './shell.model';

/** The analytics consent modal and the analytics requests a page makes. */
export class ConsentModel extends ShellModel {
  /** Every request to the first-party analytics endpoint since the model was made. */
  readonly analyticsRequests: Request[] = [];

  constructor(page: Page) {
    super(page);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/Analytics')) this.analyticsRequests.push(request);
    });
  }

  get modal() {
    return this.page.getByRole('dialog', { name: 'We value your privacy' });
  }

  async seeModal() {
    await expect(this.modal).toBeVisible();
    await expect(this.modal.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(this.modal.getByRole('button', { name: 'Decline' })).toBeVisible();
  }

  async dontSeeModal() {
    await expect(this.modal).toBeHidden();
  }

  async accept() {
    await this.modal.getByRole('button', { name: 'Accept' }).click();
  }

  async decline() {
    await this.modal.getByRole('button', { name: 'Decline' }).click();
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
