import { expect, type Page } from '@playwright/test';

/** The parts of the shell every screen has: header (mega menus, mobile menu), footer, notification banner. */
export class ShellModel {
  constructor(readonly page: Page) {}

  get main() {
    return this.page.getByRole('main');
  }

  async seeHeader() {
    await expect(this.page.getByRole('link', { name: 'Ridgeline Arms home' })).toBeVisible();
    await expect(this.page.getByRole('button', { name: /^Cart/ })).toBeVisible();
  }

  async seeFooterLinks(names: string[]) {
    const footer = this.page.getByRole('contentinfo');
    for (const name of names) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }

  // ---- Desktop mega menus (catalogue-and-content.md section 2, "Header") ----

  get mainNav() {
    return this.page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  }

  menuButton(label: string) {
    return this.mainNav.getByRole('button', { name: label, exact: true });
  }

  /** The panel a menu button controls. */
  async menuPanel(label: string) {
    const id = await this.menuButton(label).getAttribute('aria-controls');
    return this.page.locator(`[id="${id}"]`);
  }

  async seeMenuOpen(label: string) {
    await expect(this.menuButton(label)).toHaveAttribute('aria-expanded', 'true');
    await expect(await this.menuPanel(label)).toBeVisible();
  }

  async seeMenuClosed(label: string) {
    await expect(this.menuButton(label)).toHaveAttribute('aria-expanded', 'false');
    await expect(await this.menuPanel(label)).toBeHidden();
  }

  // ---- Mobile menu ----

  get mobileMenuButton() {
    return this.page.getByRole('button', { name: 'Menu', exact: true });
  }

  get mobileMenu() {
    return this.page.getByRole('dialog', { name: 'Menu' });
  }

  async openMobileMenu() {
    await this.mobileMenuButton.click();
    await expect(this.mobileMenu).toBeVisible();
  }

  mobileSection(label: string) {
    return this.mobileMenu.getByRole('button', { name: label, exact: true });
  }

  // ---- Footer ----

  get footer() {
    return this.page.getByRole('contentinfo');
  }

  /** The link texts of each footer column, in order. */
  async footerColumns(): Promise<string[][]> {
    const lists = this.footer.getByRole('navigation', { name: 'Footer' }).getByRole('list');
    // The footer content arrives with the root loader; wait for it before reading.
    await expect(lists.first()).toBeVisible();
    const count = await lists.count();
    const columns: string[][] = [];
    for (let index = 0; index < count; index++) columns.push(await lists.nth(index).getByRole('link').allInnerTexts());
    return columns;
  }

  async backToTop() {
    await this.footer.getByRole('button', { name: 'Back to top' }).click();
  }
}
