import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo } from './account.model';

/**
 * The identity provider's pages (embedded oidc-provider, server/src/identity/pages.ts): sign in,
 * create an account, change password, forgotten password, sign out. Role and label locators, as
 * a shopper sees them.
 */
export class SignInPage {
  constructor(readonly page: Page) {}

  async seeSignInPage() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(this.page).toHaveURL(/\/auth\/interaction\//);
  }

  async signIn(email: string, password: string) {
    await this.seeSignInPage();
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async seeInvalidCredentials() {
    await expect(this.page.getByRole('alert')).toContainText('Invalid email or password');
  }

  async forgotPassword() {
    await this.page.getByRole('link', { name: 'Forgot password?' }).click();
  }
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export class RegistrationPage {
  constructor(readonly page: Page) {}

  async seeRegistrationPage() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  }

  /**
   * Creates the account and signs in on the page that answers: registration signs nobody in, it
   * answers "Check your inbox" with a sign-in form (decision 033).
   */
  async register(account: NewAccount) {
    await this.submit(account);
    await this.seeCheckInbox(account.email);
    await this.signInAfterRegistering(account.password);
  }

  async seeCheckInbox(email: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(this.page.getByRole('status')).toContainText(`We have sent a message to ${email}.`);
    await expect(this.page.getByLabel('Email', { exact: true })).toHaveValue(email);
  }

  async signInAfterRegistering(password: string) {
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Fills the registration form and posts it. */
  async submit(account: NewAccount) {
    await this.seeRegistrationPage();
    await this.page.getByLabel('First name').fill(account.firstName);
    await this.page.getByLabel('Last name').fill(account.lastName);
    await this.page.getByLabel('Email', { exact: true }).fill(account.email);
    await this.page.getByLabel('Password', { exact: true }).fill(account.password);
    await this.page.getByLabel('Confirm password').fill(account.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}

export class ChangePasswordPage {
  constructor(readonly page: Page) {}

  async seeChangePasswordPage() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  }

  async changePassword(current: string, next: string) {
    await this.seeChangePasswordPage();
    const currentField = this.page.getByLabel('Current password');
    if (await currentField.count()) await currentField.fill(current);
    await this.page.getByLabel('New password', { exact: true }).fill(next);
    await this.page.getByLabel('Confirm new password').fill(next);
    await this.page.getByRole('button', { name: 'Change password' }).click();
  }
}

export class ForgotPasswordPage {
  constructor(readonly page: Page) {}

  async seeForgotPasswordPage() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  }

  async request(email: string) {
    await this.seeForgotPasswordPage();
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByRole('button', { name: 'Send reset link' }).click();
  }

  async seeLinkSent() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(this.page.getByRole('status')).toHaveText(
      'If an account exists for that address, we have sent a link to reset the password. It expires in 30 minutes.',
    );
  }
}

export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  async seeResetPasswordPage(email: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(this.page.getByText(`For ${email}`)).toBeVisible();
  }

  async reset(password: string, confirm = password) {
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm new password').fill(confirm);
    await this.page.getByRole('button', { name: 'Change password' }).click();
  }

  async seeError(message: string) {
    await expect(this.page.getByRole('alert')).toContainText(message);
  }

  async seePasswordChanged() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
  }

  async seeLinkExpired() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  }
}

/** The newest password reset link the dev mailbox holds for an address (path and query). */
export async function resetLink(request: APIRequestContext, email: string): Promise<string> {
  return mailedLink(request, email, /https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/);
}

/** The newest email verification link the dev mailbox holds for an address (path and query). */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  return mailedLink(request, email, /https?:\/\/\S+\/auth\/verify-email\?token=[A-Za-z0-9_-]+/);
}

async function mailedLink(request: APIRequestContext, email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, email);
      link = mails.map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * The provider's sign-out. The shop's own Logout carries its ID token, so the provider signs out
 * without asking (issue 18); a sign-out asked without it gets the question.
 */
export class SignOutPage {
  constructor(readonly page: Page) {}

  /** The sign-out confirmation, for a request without the shop's ID token. */
  async openWithoutShopToken() {
    await this.page.goto('/oidc/session/end?client_id=storefront');
  }

  async seeSignOutPage() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign out' })).toBeVisible();
  }

  async confirm() {
    await this.seeSignOutPage();
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }

  /** "Stay signed in": back to the shop, nothing ended. */
  async stay() {
    await this.seeSignOutPage();
    await this.page.getByRole('link', { name: 'Stay signed in' }).click();
  }

  /** The shop's own Logout: no question, straight back to the shop's home. */
  async completesWithoutQuestion() {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign out' })).toHaveCount(0);
  }
}
