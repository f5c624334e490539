import { expect, type Locator, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** Ticks a form's captcha checkbox and waits until the self-hosted ALTCHA says it is solved. */
export async function solveCaptcha(form: Locator) {
  await form.getByRole('checkbox', { name: "I'm not a robot" }).check();
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
}

/** The success (status) or failure (alert) notice that carries `text`. */
export function notice(page: Page, text: string) {
  return page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
}

export interface CaptchaFormPage {
  /** Where the page is. */
  path: string;
  /** The form's accessible name. */
  formName: string;
  /** The API path its submission is POSTed to. */
  postPath: string;
  /** The submit button's name. */
  submitName: string;
}

/** A page whose main content is one captcha-protected form (the registration pages). */
export class CaptchaFormModel extends ShellModel {
  /** Every POST of a submission the page made. */
  readonly posts: string[] = [];

  constructor(
    page: Page,
    private readonly spec: CaptchaFormPage,
  ) {
    super(page);
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes(spec.postPath)) this.posts.push(request.url());
    });
  }

  async open() {
    await this.page.goto(this.spec.path);
    await expect(this.form).toBeVisible();
  }

  get form() {
    return this.main.getByRole('form', { name: this.spec.formName });
  }

  field(label: string) {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The error shown under a field (its aria-describedby). */
  errorOf(label: string) {
    return this.field(label).locator('xpath=..').locator('ul');
  }

  get captcha() {
    return this.form.getByRole('checkbox', { name: "I'm not a robot" });
  }

  async solveCaptcha() {
    await solveCaptcha(this.form);
  }

  async submit() {
    await this.form.getByRole('button', { name: this.spec.submitName }).click();
  }

  notice(text: string) {
    return notice(this.page, text);
  }
}
