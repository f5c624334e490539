import { expect, type Page } from '@playwright/test';

/**
 * The identity provider's pages (embedded oidc-provider, server/src/identity/pages.ts): sign in,
 * create an account, change password, sign out. Role and label locators, as a shopper sees them.
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

  async register(account: NewAccount) {
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

export class SignOutPage {
  constructor(readonly page: Page) {}

  async seeSignOutPage() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign out' })).toBeVisible();
  }

  async confirm() {
    await this.seeSignOutPage();
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
