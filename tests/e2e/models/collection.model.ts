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

  /** The filters: the sidebar from 60rem, the drawer (a dialog) below it while it is open. */
  get filterPanel() {
    return this.page.getByRole('region', { name: 'Filter' }).or(this.filterDrawer);
  }

  get filterDrawer() {
    return this.page.getByRole('dialog', { name: 'Filters' });
  }

  group(category: string) {
    return this.filterPanel.getByRole('group', { name: category, exact: true });
  }

  /** A value's checkbox; its name carries the count of matching items ('6.5 Creedmoor, 4 items'). */
  filterValue(category: string, value: string) {
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.group(category).getByRole('checkbox', { name: new RegExp(`^${escaped}, \\d+ items?$`) });
  }

  async check(category: string, value: string) {
    await this.filterValue(category, value).check();
  }

  async seeValues(category: string, values: string[]) {
    await expect(this.group(category).getByRole('checkbox')).toHaveCount(values.length);
    for (const value of values) await expect(this.filterValue(category, value)).toBeVisible();
  }

  async seeChecked(category: string, values: string[]) {
    for (const value of values) await expect(this.filterValue(category, value)).toBeChecked();
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

  /** The phone's button that opens the filter drawer. */
  get filtersToggle() {
    return this.page.getByRole('button', { name: /^Filters/ });
  }

  /** The drawer's button that closes it and shows the results: 'Show N items'. */
  get showItems() {
    return this.filterDrawer.getByRole('button', { name: /^Show \d+ items?$/ });
  }

  /** The shown cards' prices (the final price, the first money amount of each card). */
  async cardPrices(): Promise<number[]> {
    const texts = await this.cards.evaluateAll((cards) => cards.map((card) => card.textContent ?? ''));
    return texts.map((text) => Number((/\$([\d,]+\.\d\d)/.exec(text)?.[1] ?? 'NaN').replace(/,/g, '')));
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
