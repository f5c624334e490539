import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** Content pages (catalogue-and-content.md section 2): about, contact, copy, FAQ, patents. */
export class ContentModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  async open(path: string) {
    await this.page.goto(path);
  }


  async seeTitle(name: string) {
    await expect(this.main.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  }

  async seeText(text: string) {
    await expect(this.main.getByText(text, { exact: false }).first()).toBeVisible();
  }

  async seeHeading(level: number, name: string) {
    await expect(this.main.getByRole('heading', { level, name, exact: true })).toBeVisible();
  }

  // ---- About us ----

  get careers() {
    return this.main.locator('#careers');
  }

  async seeJobs(jobs: string[]) {
    await expect(this.careers.getByRole('listitem')).toHaveText(jobs);
  }

  /** The careers section's top sits just below the sticky header (its scroll-margin-top). */
  async seeCareersInView() {
    await expect
      .poll(
        async () => {
          const top = await this.careers.evaluate((element) => element.getBoundingClientRect().top);
          return top >= 0 && top < 120;
        },
        { message: 'careers section scrolled to the top of the viewport' },
      )
      .toBe(true);
  }

  async scrollY() {
    return this.page.evaluate(() => window.scrollY);
  }

  // ---- FAQ ----

  question(name: string) {
    return this.main.getByRole('button', { name, exact: true });
  }

  get closeAll() {
    return this.main.getByRole('button', { name: 'Close All' });
  }

  async toggle(question: string) {
    await this.question(question).click();
  }

  async seeOpen(question: string, answer: string) {
    await expect(this.question(question)).toHaveAttribute('aria-expanded', 'true');
    await expect(this.main.getByText(answer, { exact: true })).toBeVisible();
  }

  async seeClosed(question: string, answer: string) {
    await expect(this.question(question)).toHaveAttribute('aria-expanded', 'false');
    await expect(this.main.getByText(answer, { exact: true })).toBeHidden();
  }

  // ---- Patents ----

  get patentsTable() {
    return this.main.getByRole('table', { name: 'Patents by product' });
  }

  async seePatent(productName: string, type: string, numbers: string[], colorsAndModels: string) {
    const row = this.patentsTable.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: productName, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText(type);
    await expect(row.getByRole('listitem')).toHaveText(numbers);
    await expect(row.getByRole('cell').nth(2)).toHaveText(colorsAndModels);
  }

  /** No image on the page failed to load. */
  async seeNoBrokenImages() {
    const broken = await this.page.evaluate(() =>
      [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    );
    expect(broken).toEqual([]);
  }
}
