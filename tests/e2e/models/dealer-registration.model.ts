import type { Page } from '@playwright/test';
import { CaptchaFormModel } from './captcha-form.model';

/** The dealer registration page (catalogue-and-content.md sections 2-5, 7, 8). */
export class DealerRegistrationModel extends CaptchaFormModel {
  constructor(page: Page) {
    super(page, { path: '/dealer-registration', formName: 'Dealer registration', postPath: '/api/Registration/dealer', submitName: 'Submit' });
  }

  section(name: string) {
    return this.form.getByRole('region', { name });
  }

  /** Fills every required field of a dealer without FFL/SOT, shipping used for billing and locator. */
  async fillRequired(email: string, company = 'Cascade Outfitters') {
    await this.field('Company name').fill(company);
    await this.field('Website').fill('https://cascade.example');
    await this.field('Phone').fill('(208) 555-0199');
    await this.field('First name').fill('Gail');
    await this.field('Last name').fill('Stone');
    await this.field('Email').fill(email);
    await this.field('Password').fill('Sturdy-pass-1');
    await this.field('Confirm password').fill('Sturdy-pass-1');
    const shipping = this.section('Shipping address');
    await shipping.getByLabel('Street address').fill('12 Range Road');
    await shipping.getByLabel('City').fill('Boise');
    await shipping.getByLabel('State').selectOption('ID');
    await shipping.getByLabel('Postal code').fill('83702');
  }

  async attachFflDocument(name: string, mimeType: string, buffer: Buffer) {
    await this.form.getByLabel('I hold an FFL or SOT').check();
    await this.field('FFL number').fill('1-23-456-78-9A-12345');
    await this.field('FFL document').setInputFiles({ name, mimeType, buffer });
  }
}
