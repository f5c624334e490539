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

  /** The slide on show (the others are hidden from assistive technology). */
  get currentSlide() {
    return this.carousel.getByRole('group', { name: /^\d+ of \d+$/ });
  }

  /** The headline is text in the page, not pixels of the image (issue 19 item 4). */
  async seeHeroHeadline(text: string) {
    await expect(this.currentSlide.getByRole('heading', { level: 2, name: text })).toBeVisible();
  }

  /** The call to action is visible, inside the first viewport, and not covered by anything. */
  async seeHeroButtonInFirstViewport(label: string) {
    const button = this.currentSlide.getByRole('link', { name: label });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    const viewport = this.page.viewportSize();
    expect(box && viewport).toBeTruthy();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
    // Nothing (a bar, a pop-up) sits on top of its middle.
    const onTop = await button.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return !!hit && (hit === element || element.contains(hit));
    });
    expect(onTop).toBe(true);
  }

  featured(heading: string) {
    return this.page.getByRole('region', { name: heading });
  }

  /** Every featured card shows a price; at least one shows a discount and the struck original. */
  async seeFeaturedPrices(heading: string, titles: string[]) {
    const cards = this.featured(heading).getByRole('article');
    await expect(cards).toHaveCount(titles.length);
    for (const title of titles) await expect(cards.filter({ hasText: title }).first()).toContainText(/\$\d/);
    await expect(cards.filter({ hasText: /\(\d+% off\)/ }).first()).toBeVisible();
    await expect(cards.locator('s').first()).toContainText(/\$\d/);
  }

  /** The "why buy here" strip: each reason links to its page. */
  async seeReasons(heading: string, links: { label: string; href: string }[]) {
    const strip = this.page.getByRole('region', { name: heading });
    for (const link of links) await expect(strip.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
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
