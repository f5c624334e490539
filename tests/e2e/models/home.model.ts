import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

export class HomeModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  async open() {
    await this.page.goto('/');
  }

  get carousel() {
    return this.page.getByRole('region', { name: 'Featured' });
  }

  async seeCarouselSlides(count: number) {
    await expect(this.carousel.getByRole('button', { name: /^Show slide \d+ of \d+$/ })).toHaveCount(count);
  }

  async seeRibbonLink(title: string) {
    await expect(this.page.getByRole('link', { name: new RegExp(title, 'i') }).first()).toBeVisible();
  }

  async seeCurrentSlide(n: number, of: number) {
    await expect(this.carousel.getByRole('button', { name: `Show slide ${n} of ${of}` })).toHaveAttribute(
      'aria-current',
      'true',
    );
  }
}

export class NotFoundModel extends ShellModel {
  async open(path: string) {
    await this.page.goto(path);
  }

  async seeNoRouteMessage() {
    await expect(this.page.getByText('No route matches URL', { exact: false })).toBeVisible();
  }
}
