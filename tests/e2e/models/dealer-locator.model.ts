import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell.model';

/** The dealer locator (catalogue-and-content.md sections 2, 4, 5, 8, 9): search form, cards and map. */
export class DealerLocatorModel extends ShellModel {
  /** Every request the page made to a host other than the shop's own. */
  readonly outsideRequests: string[] = [];

  constructor(page: Page) {
    super(page);
    page.on('request', (request) => {
      const { hostname, protocol } = new URL(request.url());
      if ((protocol === 'http:' || protocol === 'https:') && hostname !== 'localhost' && hostname !== '127.0.0.1') {
        this.outsideRequests.push(request.url());
      }
    });
  }

  async open() {
    await this.page.goto('/dealer-locator');
    await expect(this.main.getByRole('heading', { level: 1 })).toBeVisible();
  }


  get zip() {
    return this.main.getByLabel('Zip code');
  }

  get radius() {
    return this.main.getByLabel('Distance');
  }

  get cards() {
    return this.main.getByRole('region', { name: 'Dealers' }).getByRole('listitem');
  }

  get summary() {
    return this.main.getByRole('region', { name: 'Dealers' }).getByRole('status');
  }

  get map() {
    return this.main.getByTestId('dealer-map');
  }

  get markers() {
    return this.map.locator('.mapboxgl-marker');
  }

  card(name: string) {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  cardButton(name: string) {
    return this.card(name).getByRole('button', { name, exact: true });
  }

  marker(name: string) {
    return this.map.getByRole('button', { name, exact: true });
  }

  async search(zip: string, miles?: number) {
    await this.zip.fill(zip);
    if (miles !== undefined) await this.radius.selectOption(String(miles));
    await this.main.getByRole('button', { name: 'Search', exact: true }).click();
  }

  async cardNames() {
    return this.cards.getByRole('heading').allInnerTexts();
  }

  /** Waits for the map to be drawn (mapbox-gl's `idle`, seen as a loaded canvas). */
  async waitForMap() {
    await expect(this.map.locator('canvas.mapboxgl-canvas')).toBeVisible();
    await this.page.waitForFunction(() => {
      const canvas = document.querySelector('canvas.mapboxgl-canvas') as HTMLCanvasElement | null;
      return !!canvas && canvas.width > 0 && canvas.height > 0;
    });
    await this.page.waitForTimeout(500);
  }

  /**
   * How many distinct colours the map canvas shows, markers and controls hidden: a blank or
   * cleared canvas shows one; the local style shows at least the sea and the states' land.
   */
  async canvasColours(): Promise<number> {
    await this.page.addStyleTag({ content: '.mapboxgl-marker, .mapboxgl-control-container { visibility: hidden !important; }' });
    const shot = await this.map.locator('canvas.mapboxgl-canvas').screenshot();
    return this.page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const counts = new Map<string, number>();
      for (let i = 0; i < data.length; i += 4) {
        const key = `${data[i] >> 3},${data[i + 1] >> 3},${data[i + 2] >> 3}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      // Colours covering at least 0.5 % of the canvas (anti-aliasing noise is ignored).
      const floor = (image.width * image.height) / 200;
      return [...counts.values()].filter((count) => count >= floor).length;
    }, shot.toString('base64'));
  }
}
