import { distinctColours } from './png-colours';
import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The 3D builder (catalogue-and-content.md sections 2, 4, 8, 9): the 3D view, the slot pickers, the summary. */
export class BuilderModel extends ShellModel {
  constructor(page: Page) {
    super(page);
  }

  async open() {
    await this.page.goto('/3dbuilder');
    await expect(this.main.getByRole('heading', { level: 1 })).toBeVisible();
  }


  get stage() {
    return this.main.getByTestId('builder-stage');
  }

  get canvas() {
    return this.stage.locator('canvas');
  }

  get total() {
    return this.main.getByTestId('builder-total');
  }

  get summary() {
    return this.main.getByRole('region', { name: 'Your build' });
  }

  get addButton() {
    return this.main.getByRole('button', { name: 'Add build to cart' });
  }

  /** The radio group of a slot, by its title ("Stock", "Barrel", …). */
  slot(title: string) {
    return this.main.getByRole('radiogroup', { name: new RegExp(`^${title}`) });
  }

  option(slot: string, label: string) {
    return this.slot(slot).getByRole('radio', { name: startsWith(label) });
  }

  /** The card around an option's radio (its label shows the prices). */
  optionCard(slot: string, label: string) {
    return this.option(slot, label).locator('xpath=ancestor::label[1]');
  }

  async choose(slot: string, label: string) {
    await this.optionCard(slot, label).click();
    await expect(this.option(slot, label)).toBeChecked();
  }

  /** Waits until the engine has loaded (the bridge is ready) and the rifle is drawn. */
  async waitForEngine() {
    await expect(this.stage).toHaveAttribute('data-engine', 'ready', { timeout: 20_000 });
    await expect(this.canvas).toBeVisible();
  }

  async seeEngineFailed(text: string) {
    await expect(this.stage).toHaveAttribute('data-engine', 'failed');
    await expect(this.stage.getByRole('alert')).toHaveText(text);
    await expect(this.canvas).toBeHidden();
  }

  /** The total in dollars, as shown. */
  async totalAmount(): Promise<number> {
    const text = (await this.total.locator('span').filter({ hasNotText: /price/ }).first().innerText()).trim();
    return Number(text.replace(/[$,]/g, ''));
  }

  /** The canvas as a PNG, tool buttons hidden. */
  async canvasShot(): Promise<Buffer> {
    return this.canvas.screenshot({ animations: 'disabled' });
  }

  /**
   * How many distinct colours a PNG shows (colours covering at least 0.2 % of it): a blank or
   * cleared canvas shows one.
   */
  async colours(shot: Buffer): Promise<number> {
    return distinctColours(this.page, shot, 4, 500);
  }

  /** The share of pixels that differ between two PNGs of the same size. */
  async difference(a: Buffer, b: Buffer): Promise<number> {
    return this.page.evaluate(
      async ([first, second]) => {
        const read = async (base64: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height).data;
        };
        const [x, y] = await Promise.all([read(first), read(second)]);
        if (x.length !== y.length) return 1;
        let changed = 0;
        for (let i = 0; i < x.length; i += 4) {
          if (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > 24) changed += 1;
        }
        return changed / (x.length / 4);
      },
      [a.toString('base64'), b.toString('base64')] as const,
    );
  }

  async addToCart() {
    await this.addButton.click();
  }

  /** The build id the page announced for the build just added. */
  async addedBuildId(): Promise<string> {
    const status = this.summary.getByRole('status').filter({ hasText: /^Build bld_/ });
    await expect(status).toHaveText(/^Build bld_[A-Za-z0-9_-]{16,32} added to your cart\.$/);
    return (await status.innerText()).split(' ')[1];
  }
}
