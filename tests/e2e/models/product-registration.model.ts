import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** The product registration page, /registration (decision 023). */
export class ProductRegistrationModel extends ShellModel {
  /** Every POST of a registration the page made. */
  readonly posts: string[] = [];

  constructor(page: Page) {
    super(page);
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/Registration/product')) this.posts.push(request.url());
    });
  }

  async open() {
    await this.page.goto('/registration');
    await expect(this.form).toBeVisible();
  }

  get main() {
    return this.page.getByRole('main');
  }

  get form() {
    return this.main.getByRole('form', { name: 'Product registration' });
  }

  field(label: string) {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The error shown under a field (its aria-describedby). */
  errorOf(label: string) {
    return this.field(label).locator('xpath=..').locator('ul');
  }

  get notices() {
    return this.form.getByRole('checkbox', { name: 'Email me product and safety notices for this firearm' });
  }

  get captcha() {
    return this.form.getByRole('checkbox', { name: "I'm not a robot" });
  }

  async solveCaptcha() {
    await this.captcha.check();
    await expect(this.form.getByText('Verified', { exact: true })).toBeVisible();
  }

  async submit() {
    await this.form.getByRole('button', { name: 'Register' }).click();
  }

  notice(text: string) {
    return this.page.getByRole('status').or(this.page.getByRole('alert')).filter({ hasText: text });
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

/** The mails the dev mailbox holds for an address (newest first). */
export async function mailsTo(request: APIRequestContext, email: string): Promise<{ subject: string; text: string }[]> {
  const res = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
  return (await res.json()) as { subject: string; text: string }[];
}
