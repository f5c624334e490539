import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';
import { ShellModel } from './shell.model';

/** Ticks a form's captcha checkbox and waits until the self-hosted ALTCHA says it is solved. */
export async function solveCaptcha(form: Locator) {
  await form.getByRole('checkbox', { name: "I'm not a robot" }).check();
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
}

/**
 * A captcha value for a form posted straight to the API (test setup, not the page): fetches a
 * challenge from the shop and solves it, as the widget does. Good once.
 */
export async function captchaValue(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/Captcha/challenge');
  expect(res.ok(), await res.text()).toBe(true);
  const c = (await res.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('the captcha challenge could not be solved');
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature, took: solution.took };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
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
    // The server's HTML shows the form before React has hydrated it; the journeys check React's
    // own messages, so they start once it is live.
    await expect(this.page.locator('html[data-hydrated]')).toHaveCount(1);
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
