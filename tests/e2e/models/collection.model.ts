import { expect, type Locator, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** Collection pages (catalogue-and-content.md sections 2, 4, 8, 9): every layout, its filters and cards. */
export class CollectionModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  async open(layout: 'cards' | 'filterable-grid' | 'simple-grid' | 'tabbed-grid', documentId: string, query = '') {
    await this.page.goto(`/product/collection-${layout}/${documentId}${query}`);
  }

  async seeTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeAttached();
    await expect(this.page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText(title);
  }

  get cards() {
    return this.page.getByRole('main').getByRole('article');
  }

  card(title: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** Titles of the shown cards, in order. */
  async cardTitles(): Promise<string[]> {
    return this.cards.getByRole('heading').allTextContents();
  }

  async seeCardTitles(titles: string[]) {
    await expect(this.cards.getByRole('heading')).toHaveText(titles);
  }

  async seeCardCount(count: number) {
    await expect(this.cards).toHaveCount(count);
  }

  // ---- Filterable grid ----

  get filterPanel() {
    return this.page.getByRole('region', { name: 'Filter' });
  }

  group(category: string) {
    return this.filterPanel.getByRole('group', { name: category, exact: true });
  }

  filterValue(category: string, value: string) {
    return this.group(category).getByRole('checkbox', { name: value, exact: true });
  }

  async check(category: string, value: string) {
    await this.filterValue(category, value).check();
  }

  async seeValues(category: string, values: string[]) {
    await expect(this.group(category).getByRole('checkbox')).toHaveCount(values.length);
    for (const value of values) await expect(this.filterValue(category, value)).toBeVisible();
  }

  get resetAll() {
    return this.filterPanel.getByRole('button', { name: 'Reset All' });
  }

  get search() {
    return this.page.getByRole('searchbox', { name: 'Search this collection' });
  }

  get sort() {
    return this.page.getByRole('combobox', { name: 'Sort by' });
  }

  get filtersToggle() {
    return this.page.getByRole('button', { name: /filters/i });
  }

  // ---- Tabbed grid ----

  tab(name: string) {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async seeActiveTab(name: string) {
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  // ---- Cart ----

  get cartButton() {
    return this.page.getByRole('banner').getByRole('button', { name: /^Cart, / });
  }

  async seeCartCount(count: number) {
    await expect(this.cartButton).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
  }
}
