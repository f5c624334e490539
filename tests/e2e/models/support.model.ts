import { expect, type Download, type Page, type Request } from '@playwright/test';
import { ShellModel } from './shell.model';

/** Support area screens (catalogue-and-content.md section 2): hub, warranty, resources, reviews, limited edition, media library. */
export class SupportModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  async open(path: string) {
    await this.page.goto(path);
  }


  async seePageHeading(name: string | RegExp) {
    await expect(this.main.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  async seeHeading(name: string, level?: number) {
    await expect(this.main.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) })).toBeVisible();
  }

  async seeText(text: string) {
    await expect(this.main.getByText(text, { exact: true })).toBeVisible();
  }

  async seeNoBrokenImages() {
    await this.page.waitForLoadState('load');
    const broken = await this.page.evaluate(() =>
      [...document.querySelectorAll('main img')]
        .map((img) => img as HTMLImageElement)
        .filter((img) => img.complete && img.naturalWidth === 0)
        .map((img) => img.src),
    );
    expect(broken).toEqual([]);
  }

  /** The mount point another issue's captcha form uses (newsletter-signup, image-request). */
  async seeFormSlot(name: string) {
    await expect(this.main.locator(`[data-slot="${name}"]`)).toHaveCount(1);
  }

  // ---- Media library ----

  downloadButton(title: string) {
    return this.main.getByRole('button', { name: `Download ${title}`, exact: true });
  }

  /**
   * Clicks a download and returns the saved file and the request that fetched it: the file must be
   * fetched by script (a blob, section 7), not navigated to.
   */
  async download(title: string, fileUrl: string): Promise<{ download: Download; request: Request }> {
    const requestPromise = this.page.waitForRequest((r) => new URL(r.url()).pathname === fileUrl);
    const downloadPromise = this.page.waitForEvent('download');
    await this.downloadButton(title).click();
    const [request, download] = await Promise.all([requestPromise, downloadPromise]);
    return { download, request };
  }

  async seeDownloadError(title: string) {
    await expect(this.main.getByRole('alert')).toContainText(`${title} could not be downloaded`);
  }

  // ---- Reviews ----

  review(title: string) {
    return this.main.getByRole('article', { name: title });
  }

  async seeReview(title: string, author: string, productTitle: string) {
    const review = this.review(title).first();
    await expect(review).toBeVisible();
    await expect(review.getByText(author, { exact: true })).toBeVisible();
    await expect(review.getByRole('link', { name: productTitle, exact: true })).toHaveAttribute('href', /^\/product\/product-[a-z-]+\//);
  }
}
