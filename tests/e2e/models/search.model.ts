import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** The search overlay in the header and the /search/{query} results page (catalogue-and-content.md sections 2, 4, 5, 8). */
export class SearchModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  get toggle() {
    return this.page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
  }

  get box() {
    return this.page.getByRole('combobox', { name: 'Product search' });
  }

  get listbox() {
    return this.page.getByRole('listbox', { name: 'Product suggestions' });
  }

  get options() {
    return this.listbox.getByRole('option');
  }

  async openOverlay() {
    await this.toggle.click();
    await expect(this.box).toBeVisible();
    await expect(this.box).toBeFocused();
    await expect(this.box).toHaveAttribute('placeholder', 'Product Search...');
  }

  async type(text: string) {
    await this.box.fill(text);
  }

  async seeNoSuggestions() {
    await expect(this.box).toHaveAttribute('aria-expanded', 'false');
    await expect(this.options).toHaveCount(0);
  }

  /** The suggestions' titles, in the order shown. */
  async seeSuggestionTitles(titles: string[]) {
    await expect(this.box).toHaveAttribute('aria-expanded', 'true');
    await expect(this.options).toHaveCount(titles.length);
    for (const [index, title] of titles.entries()) await expect(this.options.nth(index)).toContainText(title);
  }

  async seeSelected(index: number) {
    const id = await this.options.nth(index).getAttribute('id');
    await expect(this.box).toHaveAttribute('aria-activedescendant', id!);
    await expect(this.options.nth(index)).toHaveAttribute('aria-selected', 'true');
  }

  async press(key: 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape') {
    await this.box.press(key);
  }

  async seeOverlayClosed() {
    await expect(this.box).toBeHidden();
    await expect(this.toggle).toHaveAttribute('aria-expanded', 'false');
  }

  // ---- Results page ----

  async openResults(query: string) {
    await this.page.goto(`/search/${encodeURIComponent(query)}`);
  }

  async seeResultsHeading(query: string) {
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(`Results for ${query}`);
  }

  get results() {
    return this.page.getByRole('list', { name: 'Search results' });
  }

  async seeResultTitles(titles: string[]) {
    await expect(this.results.getByRole('heading', { level: 2 })).toHaveText(titles);
  }

  async seeEmptyState() {
    await expect(this.page.getByText('No products found')).toBeVisible();
    await expect(this.results).toHaveCount(0);
  }
}
