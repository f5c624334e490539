import { expect, type Page } from '@playwright/test';
import { CaptchaFormModel } from './captcha-form.model';

/** The product registration page, /registration (decision 023). */
export class ProductRegistrationModel extends CaptchaFormModel {
  constructor(page: Page) {
    super(page, { path: '/registration', formName: 'Product registration', postPath: '/api/Registration/product', submitName: 'Register' });
  }

  get notices() {
    return this.form.getByRole('checkbox', { name: 'Email me product and safety notices for this firearm' });
  }

  async seePage() {
    await expect(this.main.getByRole('heading', { level: 1, name: 'Register your firearm' })).toBeVisible();
    await expect(this.main.getByRole('link', { name: 'read our warranty' })).toHaveAttribute('href', '/warranty');
  }

  async fill(values: { model: string; serial: string; date: string; from: string; first: string; last: string; email: string; phone?: string; zip: string }) {
    await this.field('Product model').selectOption({ label: values.model });
    await this.field('Serial number').fill(values.serial);
    await this.field('Purchase date').fill(values.date);
    await this.field('Purchased from').fill(values.from);
    await this.field('First name').fill(values.first);
    await this.field('Last name').fill(values.last);
    await this.field('Email').fill(values.email);
    if (values.phone) await this.field('Phone (optional)').fill(values.phone);
    await this.field('Zip code').fill(values.zip);
  }
}
