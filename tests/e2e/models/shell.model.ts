import { expect, type Page } from '@playwright/test';

/** The parts of the shell every screen has: header, footer, notification banner. */
export class ShellModel {
  constructor(readonly page: Page) {}

  async seeHeader() {
    await expect(this.page.getByRole('link', { name: 'Ridgeline Arms home' })).toBeVisible();
    await expect(this.page.getByRole('button', { name: /^Cart/ })).toBeVisible();
  }

  async seeFooterLinks(names: string[]) {
    const footer = this.page.getByRole('contentinfo');
    for (const name of names) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
}
