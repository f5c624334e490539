import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { ContentModel } from './models/content.model';

/** A cms page as the API serves it, so the checks follow the seeded content. */
async function cmsPage(request: APIRequestContext, slug: string) {
  const response = await request.get(`/api/cms/page/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

type Block = { type: string; level?: number; children?: (Block | { text: string })[] };
const textOf = (node: Block | { text: string }): string =>
  'text' in node ? node.text : (node.children ?? []).map(textOf).join('');

test('about us shows the seeded banner, copy, careers and the way to contact us', async ({ page, request, checkA11y }) => {
  const seeded = await cmsPage(request, 'aboutus');
  const about = new ContentModel(page);
  await about.open('/about-us');
  await about.seeTitle(seeded.title);
  await expect(about.main.getByRole('img', { name: seeded.heading_image.alternativeText })).toBeVisible();
  await expect(about.main.getByRole('link', { name: /Watch our video/ })).toHaveAttribute('href', seeded.heading_video_url);
  await about.seeHeading(2, textOf(seeded.simple_copy_section[0]));
  await about.seeText('Ridgeline Arms started in a two-bay garage outside');
  await about.seeHeading(2, seeded.looking_for_heading);
  await about.seeJobs(seeded.looking_for_list_content);
  await about.seeHeading(2, seeded.want_to_talk_heading);
  await about.seeText(seeded.want_to_talk_content);
  await about.seeNoBrokenImages();
  await checkA11y(page);

  await about.main.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('about us scrolls to the careers section named by the hash, also from the same page', async ({ page }) => {
  const about = new ContentModel(page);
  await about.open('/about-us#careers');
  await about.seeTitle('About Us');
  await about.seeCareersInView();
  expect(await about.scrollY()).toBeGreaterThan(300);

  // Back to the top, then the footer's Careers link changes only the hash.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(about.careers).not.toBeInViewport();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers', exact: true }).click();
  await expect(page).toHaveURL(/\/about-us#careers$/);
  await about.seeCareersInView();
});

test('contact us shows the seeded address, phone, email and social links', async ({ page, request, checkA11y }) => {
  const seeded = await cmsPage(request, 'contactus');
  const contact = new ContentModel(page);
  await contact.open('/contact-us');
  await contact.seeTitle(seeded.title);
  for (const line of [seeded.address1, seeded.address2, seeded.address3]) await contact.seeText(line);
  await expect(contact.main.getByRole('link', { name: seeded.phone })).toHaveAttribute('href', 'tel:+12085550147');
  await expect(contact.main.getByRole('link', { name: seeded.email })).toHaveAttribute('href', `mailto:${seeded.email}`);
  for (const social of seeded.social_links) {
    await expect(contact.main.getByRole('link', { name: new RegExp(`^${social.title}\\b`) })).toHaveAttribute('href', social.url);
  }
  await contact.seeNoBrokenImages();
  await checkA11y(page);
});

test('the copy page shows privacy for /copy/privacy and terms for any other id', async ({ page, request, checkA11y }) => {
  const privacy = await cmsPage(request, 'privacy');
  const terms = await cmsPage(request, 'terms');
  const copy = new ContentModel(page);

  await copy.open('/copy/privacy');
  await copy.seeTitle(privacy.title);
  await copy.seeHeading(2, 'What We Collect');
  await copy.seeText('We share order details with your chosen dealer');
  await checkA11y(page);

  await copy.open('/copy/anything');
  await copy.seeTitle(terms.title);
  await copy.seeHeading(2, 'Eligibility');
  await expect(copy.main.getByText('What We Collect')).toHaveCount(0);
  await checkA11y(page);
});

test('terms of service shows the seeded terms', async ({ page, request, checkA11y }) => {
  const terms = await cmsPage(request, 'terms');
  const copy = new ContentModel(page);
  await copy.open('/terms-of-service');
  await copy.seeTitle(terms.title);
  await copy.seeHeading(2, 'Firearm Purchases');
  await copy.seeText('Firearms and receivers ship only to a licensed dealer.');
  await copy.main.getByRole('link', { name: 'warranty page' }).click();
  await expect(page).toHaveURL(/\/warranty$/);
  await copy.open('/terms-of-service');
  await checkA11y(page);
});

test('FAQ opens several answers at once and Close All closes them', async ({ page, request, checkA11y }) => {
  const seeded = await cmsPage(request, 'faq');
  const [first, second, third] = seeded.faq_items as { question: string; answer: string }[];
  const faq = new ContentModel(page);
  await faq.open('/faq');
  await faq.seeTitle(seeded.header_title);
  await faq.seeText(seeded.header_content);
  await expect(faq.main.getByRole('button', { expanded: false })).toHaveCount(seeded.faq_items.length);
  await expect(faq.closeAll).toBeDisabled();
  await checkA11y(page);

  await faq.toggle(first.question);
  await faq.toggle(third.question);
  await faq.seeOpen(first.question, first.answer);
  await faq.seeOpen(third.question, third.answer);
  await faq.seeClosed(second.question, second.answer);
  await checkA11y(page);

  await faq.closeAll.click();
  await faq.seeClosed(first.question, first.answer);
  await faq.seeClosed(third.question, third.answer);
  await expect(faq.closeAll).toBeDisabled();

  // Keyboard: Enter on a focused question opens it.
  await faq.question(second.question).focus();
  await page.keyboard.press('Enter');
  await faq.seeOpen(second.question, second.answer);
});

test('patents lists every seeded patent', async ({ page, request, checkA11y }) => {
  const seeded = await cmsPage(request, 'patent');
  const patents = new ContentModel(page);
  await patents.open('/patents');
  await patents.seeTitle(seeded.title);
  await expect(patents.patentsTable.getByRole('row')).toHaveCount(seeded.patents.length + 1);
  for (const patent of seeded.patents) {
    await patents.seePatent(
      patent.product_name,
      patent.patent_type,
      patent.patent_numbers.split(';').map((number: string) => number.trim()),
      patent.colors_and_models,
    );
  }
  await checkA11y(page);
});

for (const [path, title] of [
  ['/about-us', 'About Us'],
  ['/contact-us', 'Contact Us'],
  ['/faq', 'Frequently Asked Questions'],
  ['/patents', 'Patents'],
  ['/copy/privacy', 'Privacy Policy'],
]) {
  test(`${path} reads well on a phone`, async ({ page, checkA11y }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const content = new ContentModel(page);
    await content.open(path);
    await content.seeTitle(title);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page);
  });
}
