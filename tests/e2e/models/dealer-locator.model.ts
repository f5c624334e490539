import { colourCounts, distinctColours } from './png-colours';
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

  /** The dealers' markers (the city names are markers too, without a dealer id). */
  get markers() {
    return this.map.locator('.mapboxgl-marker[data-dealer-id]');
  }

  /** The city names the local style writes (decision 045). */
  get cityLabels() {
    return this.map.locator('[data-city]');
  }

  /** "Show map" / "Hide map": on a phone the list comes first (decision 045). */
  get mapToggle() {
    return this.main.getByRole('button', { name: /^(Show|Hide) map$/ });
  }

  card(name: string) {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  cardButton(name: string) {
    return this.card(name).getByRole('button', { name, exact: true });
  }

  /** A dealer's marker, named "N. Dealer name" after its place in the list. */
  marker(name: string) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.map.getByRole('button', { name: new RegExp(`^\\d+\\. ${escaped}$`) });
  }

  /** The numbers the cards show (their `data-number`, drawn before the name). */
  async cardNumbers() {
    return this.cards.evaluateAll((items) => items.map((item) => getComputedStyle(item, '::before').content.replaceAll('"', '')));
  }

  /** The numbers the markers show, in the markers' order. */
  async markerNumbers() {
    return this.markers.allInnerTexts();
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
   * The screen box spanning the listed dealers' markers (their centres), widened by `margin`
   * pixels and kept inside the map's canvas.
   */
  async resultsBox(margin = 40) {
    await this.map.scrollIntoViewIfNeeded();
    const canvas = (await this.map.locator('canvas.mapboxgl-canvas').boundingBox())!;
    const centres = await this.markers.evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }),
    );
    const left = Math.max(canvas.x, Math.min(...centres.map((c) => c.x)) - margin);
    const top = Math.max(canvas.y, Math.min(...centres.map((c) => c.y)) - margin);
    const right = Math.min(canvas.x + canvas.width, Math.max(...centres.map((c) => c.x)) + margin);
    const bottom = Math.min(canvas.y + canvas.height, Math.max(...centres.map((c) => c.y)) + margin);
    return { x: left, y: top, width: right - left, height: bottom - top };
  }

  /**
   * The share of the canvas's pixels inside `box` that differ from its commonest colour (the
   * land), markers, names and controls hidden: the lines the local style draws there. A blank
   * beige area gives 0.
   */
  async drawnShare(box: { x: number; y: number; width: number; height: number }): Promise<number> {
    await this.page.evaluate(() => {
      const style = document.createElement('style');
      style.id = 'e2e-hide-overlays';
      style.textContent = '.mapboxgl-marker, .mapboxgl-control-container { visibility: hidden !important; }';
      document.head.append(style);
    });
    const shot = await this.page.screenshot({ clip: box });
    await this.page.evaluate(() => document.getElementById('e2e-hide-overlays')?.remove());
    const { counts, total } = await colourCounts(this.page, shot, 2);
    return (total - counts[0]) / total;
  }

  /**
   * How many distinct colours the map canvas shows, markers and controls hidden: a blank or
   * cleared canvas shows one; the local style shows at least the sea and the states' land.
   */
  async canvasColours(): Promise<number> {
    await this.page.addStyleTag({ content: '.mapboxgl-marker, .mapboxgl-control-container { visibility: hidden !important; }' });
    const shot = await this.map.locator('canvas.mapboxgl-canvas').screenshot();
    // Colours covering at least 0.5 % of the canvas (anti-aliasing noise is ignored).
    return distinctColours(this.page, shot, 3, 200);
  }
}
