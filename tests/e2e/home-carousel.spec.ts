import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { HomeModel } from './models/home.model';

/*
 * The home carousel on Embla (issue 22 item 5, decision 047; catalogue-and-content.md sections 4
 * and 9): it advances every 5 s and loops, pauses on its button, on hover and on focus, does not
 * rotate for a visitor who prefers reduced motion, and the keyboard moves it. Time is the page's
 * fake clock (page.clock), advanced by the test: no assertion waits for real seconds to pass.
 */

const INTERVAL_MS = 5000;

async function slideCount(page: Page): Promise<number> {
  const home = await (await page.request.get('/api/cms/page/home')).json();
  return home.data.home_carousel_cards.length;
}

/** Home, once Embla has taken over the server-rendered carousel (it loads after hydration). */
async function openWithEmbla(page: Page) {
  const home = new HomeModel(page);
  await home.open();
  await expect(page.locator('[aria-roledescription="carousel"] [data-embla]')).toHaveCount(1);
  return home;
}

/**
 * Stops the page's clock a moment ahead (the page's time keeps flowing until then): from here on
 * only the test moves time. Tests read the slide on show after this, whatever the moment did.
 */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 3000);
}

/** The slide on show, 1-based, as the slide picker says. */
async function currentSlideNumber(home: HomeModel): Promise<number> {
  const label = await home.carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
  return Number(/Show slide (\d+) of/.exec(label ?? '')?.[1]);
}

/** The n-th slide (1-based) fills the carousel's viewport: Embla moved it there. */
async function seeSlideInView(home: HomeModel, n: number, count: number) {
  await expect(home.carousel.getByRole('group', { name: `${n} of ${count}`, includeHidden: true })).toBeInViewport({ ratio: 0.9 });
}

/** Neither the pointer nor the focus is on the carousel (both pause it). */
async function leaveCarousel(page: Page) {
  await page.mouse.move(2, 2);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const next = (n: number, count: number) => (n % count) + 1;

// The axe check of the moved carousel is the keyboard test's, kept out of here to stay well inside
// the test's time on a loaded machine.
test('the carousel advances every 5 s and loops from the last slide to the first', async ({ page }) => {
  const count = await slideCount(page);
  await page.clock.install();
  const home = await openWithEmbla(page);
  await pauseClock(page);
  await expect(home.carousel.getByRole('button', { name: 'Pause slide rotation' })).toBeVisible();
  let shown = await currentSlideNumber(home);
  // All the way round: every 5 s one slide on, and after the last comes the first.
  for (let step = 0; step < count; step += 1) {
    await page.clock.runFor(INTERVAL_MS);
    shown = next(shown, count);
    await home.seeCurrentSlide(shown, count);
  }
  // Let the slide (duration 20) settle, then the slide on show is the one in view.
  await page.clock.runFor(1000);
  await seeSlideInView(home, shown, count);
});

test('the pause button, hover and focus stop the rotation; play starts it again', async ({ page }) => {
  const count = await slideCount(page);
  await page.clock.install();
  const home = await openWithEmbla(page);
  await pauseClock(page);
  const start = await currentSlideNumber(home);

  // Paused by its button: it stays put however long the visitor reads.
  await home.carousel.getByRole('button', { name: 'Pause slide rotation' }).click();
  await leaveCarousel(page);
  await page.clock.runFor(3 * INTERVAL_MS);
  await home.seeCurrentSlide(start, count);

  // Play: it moves on again.
  await home.carousel.getByRole('button', { name: 'Start slide rotation' }).click();
  await leaveCarousel(page);
  await page.clock.runFor(INTERVAL_MS);
  await home.seeCurrentSlide(next(start, count), count);

  // The pointer over it pauses it, and leaving resumes it.
  const box = await home.carousel.boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 3);
  await page.clock.runFor(3 * INTERVAL_MS);
  await home.seeCurrentSlide(next(start, count), count);
  await leaveCarousel(page);
  await page.clock.runFor(INTERVAL_MS);
  await home.seeCurrentSlide(next(next(start, count), count), count);

  // Focus inside pauses it too.
  await home.carousel.getByRole('button', { name: 'Next slide' }).focus();
  await page.clock.runFor(3 * INTERVAL_MS);
  await home.seeCurrentSlide(next(next(start, count), count), count);
  // The button still reads "Pause": hover and focus pause for the moment, not for good.
  await expect(home.carousel.getByRole('button', { name: 'Pause slide rotation' })).toBeVisible();
});

test.describe('for a visitor who prefers reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the carousel does not rotate until asked to', async ({ page }) => {
    const count = await slideCount(page);
    await page.clock.install();
    const home = await openWithEmbla(page);
    await pauseClock(page);
    await expect(home.carousel.getByRole('button', { name: 'Start slide rotation' })).toBeVisible();
    await page.clock.runFor(3 * INTERVAL_MS);
    await home.seeCurrentSlide(1, count);
  });
});

test('the keyboard moves the carousel: Tab to its link and buttons, arrow keys between slides', async ({ page, checkA11y }) => {
  // Many steps and an axe check: on a loaded 2-core machine that is more than 30 s.
  test.slow();
  const count = await slideCount(page);
  const home = await openWithEmbla(page);
  await home.carousel.getByRole('button', { name: 'Pause slide rotation' }).click();
  await home.seeCurrentSlide(1, count);

  // Only the slide on show is in the tab order: from its link, Tab goes to the buttons.
  const firstLink = home.currentSlide.getByRole('link');
  await firstLink.focus();
  await page.keyboard.press('Tab');
  await expect(home.carousel.getByRole('button', { name: 'Start slide rotation' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(home.carousel.getByRole('button', { name: 'Previous slide' })).toBeFocused();
  await page.keyboard.press('Enter');
  await home.seeCurrentSlide(count, count);
  await seeSlideInView(home, count, count);

  // The arrow keys from a slide's link: the slide changes and focus follows to its link.
  await home.currentSlide.getByRole('link').focus();
  await page.keyboard.press('ArrowRight');
  await home.seeCurrentSlide(1, count);
  await expect(home.currentSlide.getByRole('link')).toBeFocused();
  await seeSlideInView(home, 1, count);
  await page.keyboard.press('ArrowRight');
  await home.seeCurrentSlide(2, count);
  await expect(home.currentSlide.getByRole('link')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await home.seeCurrentSlide(count, count);
  await expect(home.currentSlide.getByRole('link')).toBeFocused();
  await seeSlideInView(home, count, count);

  // The slide picker, by keyboard.
  await home.carousel.getByRole('button', { name: `Show slide 3 of ${count}` }).press('Enter');
  await home.seeCurrentSlide(3, count);
  await seeSlideInView(home, 3, count);
  await checkA11y(page);
});
