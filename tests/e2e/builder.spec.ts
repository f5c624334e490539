import { test, expect } from './fixtures';
import { BuilderModel } from './models/builder.model';
import { CartPanelModel } from './models/cart-panel.model';

/*
 * The 3D builder (catalogue-and-content.md sections 2, 4, 8, 9; decisions 018, 019) against the
 * seeded builder page and catalogue prices, in Chromium with software WebGL (SwiftShader).
 */

interface PriceEntry {
  price: number;
  bestDiscountedPrice: number | null;
  qtyOnHand: number;
}
interface BuilderPage {
  title: string;
  sub_text: string;
  platform: { sku: string; product_name: string };
  slots: { key: string; title: string; required: boolean; options: { id: string; label: string; sku: string }[] }[];
}

const finalPrice = (entry: PriceEntry) => entry.bestDiscountedPrice ?? entry.price;
const isDiscounted = (entry: PriceEntry) => finalPrice(entry) < entry.price;
const WEBGL_UNAVAILABLE_TEXT =
  'The 3D view needs WebGL, which this browser or device does not offer. You can still choose every part and add your build to the cart.';

test('draws the rifle, prices every part, and adds the build as one cart line with its build id', async ({ page, request, checkA11y }) => {
  // Software WebGL draws slowly; the steps wait for what they check, the test allows for it.
  test.slow();
  const builder: BuilderPage = (await (await request.get('/api/cms/page/builder')).json()).data;
  const prices: Record<string, PriceEntry> = await (await request.get('/api/Products')).json();
  const model = new BuilderModel(page);
  await model.open();

  await expect(model.main.getByRole('heading', { level: 1 })).toHaveText(builder.title);
  await expect(model.main.getByText(builder.sub_text, { exact: true })).toBeVisible();
  for (const slot of builder.slots) await expect(model.slot(slot.title)).toBeVisible();

  // The engine loads and draws: the canvas shows the backdrop, the rifle and its shading.
  await model.waitForEngine();
  const before = await model.canvasShot();
  expect(await model.colours(before)).toBeGreaterThanOrEqual(3);

  // The starting build: in every slot the first available part included at no charge, else the
  // first available part; the total is their sum.
  const firstAvailable = builder.slots.map((slot) => {
    const available = slot.options.filter((option) => (prices[option.sku]?.qtyOnHand ?? 0) > 0);
    return available.find((option) => finalPrice(prices[option.sku]) === 0) ?? available[0];
  });
  const startTotal = finalPrice(prices[builder.platform.sku]) + firstAvailable.reduce((sum, option) => sum + finalPrice(prices[option.sku]), 0);
  expect(await model.totalAmount()).toBeCloseTo(startTotal, 2);

  // A sold-out part is shown, disabled.
  const soldOut = builder.slots.flatMap((slot) => slot.options.map((option) => ({ slot, option }))).find(({ option }) => prices[option.sku].qtyOnHand <= 0)!;
  await expect(model.option(soldOut.slot.title, soldOut.option.label)).toBeDisabled();
  await expect(model.optionCard(soldOut.slot.title, soldOut.option.label)).toContainText('Sold out');

  // Changing a part changes the price (by the parts' difference) and the picture.
  const barrels = builder.slots.find((slot) => slot.key === 'barrel')!;
  const discounted = barrels.options.find((option) => isDiscounted(prices[option.sku]))!;
  const startBarrel = firstAvailable[builder.slots.indexOf(barrels)];
  await model.choose('Barrel', discounted.label);
  const expected = startTotal - finalPrice(prices[startBarrel.sku]) + finalPrice(prices[discounted.sku]);
  await expect.poll(() => model.totalAmount()).toBeCloseTo(expected, 2);
  await expect(model.optionCard('Barrel', discounted.label)).toContainText(/\(\d+% off\)/);
  await expect(model.summary.locator('[data-line="barrel"]')).toContainText(discounted.label);
  await expect.poll(async () => model.difference(before, await model.canvasShot())).toBeGreaterThan(0.002);

  // Optional slot: no optic is a valid build.
  await model.choose('Optic', 'No optic');
  await expect(model.summary.locator('[data-line="optic"]')).toContainText('None');
  const total = await model.totalAmount();
  await checkA11y(page);

  // Add build to cart: ONE line, with the build id the page announced, in the panel it opens.
  const cart = new CartPanelModel(page);
  await model.addToCart();
  const buildId = await model.addedBuildId();
  await expect(cart.panel).toBeVisible();
  const lines = cart.panel.getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toHaveAttribute('data-build-id', buildId);
  // Shopper words: the build's name and its parts, never the build id (issue 19 item 8).
  await expect(lines.first()).not.toContainText(buildId);
  await expect(lines.first()).toContainText('Custom RK-15 build');
  await expect(lines.first().getByRole('definition').first()).toBeVisible();
  await expect(lines.first()).toContainText(discounted.label);
  await expect(lines.first()).toContainText(`$${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

  // The same configuration again is another line with another build id.
  await page.keyboard.press('Escape');
  await expect(cart.panel).toBeHidden();
  await model.addToCart();
  const secondId = await model.addedBuildId();
  expect(secondId).not.toBe(buildId);
  await expect(lines).toHaveCount(2);
  await expect(cart.panel.locator(`[data-build-id="${secondId}"]`)).toHaveCount(1);
});

test('without WebGL the page says so and still sells the build', async ({ page, checkA11y }) => {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (/webgl/i.test(type)) return null;
      return (getContext as (...args: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof getContext;
  });
  const model = new BuilderModel(page);
  await model.open();
  await model.seeEngineFailed(WEBGL_UNAVAILABLE_TEXT);
  await model.choose('Stock', 'Fixed A2');
  await checkA11y(page);
  await model.addToCart();
  const buildId = await model.addedBuildId();
  await expect(new CartPanelModel(page).panel.locator(`[data-build-id="${buildId}"]`)).toContainText('Fixed A2');
});

test('the canvas is 16:9 within its container, at most the window height minus 140, and follows the window', async ({ page }) => {
  const model = new BuilderModel(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await model.open();
  await model.waitForEngine();
  const phone = (await model.stage.boundingBox())!;
  expect(phone.width / phone.height).toBeCloseTo(16 / 9, 1);
  expect(phone.height).toBeLessThanOrEqual(844 - 140);
  expect(phone.width).toBeGreaterThan(300);

  // A short, wide window: the height limit decides (the column would allow a taller view).
  await page.setViewportSize({ width: 1600, height: 460 });
  await expect.poll(async () => Math.round((await model.stage.boundingBox())!.height)).toBe(460 - 140);
  const wide = (await model.stage.boundingBox())!;
  expect(wide.width / wide.height).toBeCloseTo(16 / 9, 1);
  // The engine resizes its drawing buffer with it.
  await expect
    .poll(async () => model.canvas.evaluate((canvas: HTMLCanvasElement) => Math.abs(canvas.width - canvas.clientWidth * devicePixelRatio)))
    .toBeLessThanOrEqual(1);
  expect(await model.canvas.evaluate((canvas: HTMLCanvasElement) => canvas.clientWidth)).toBeGreaterThan(500);
});

test('Babylon.js is not in the first load: the entry chunk has none of it and other pages never fetch it', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const entries = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]);
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) {
    const code = await (await request.get(entry)).text();
    expect(code).not.toContain('@babylonjs');
    expect(code).not.toContain('BABYLON');
  }
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((url) => /rifle-engine|babylon/i.test(url))).toEqual([]);
  await page.goto('/3dbuilder');
  await new BuilderModel(page).waitForEngine();
  expect(fetched.filter((url) => /rifle-engine/.test(url))).toHaveLength(1);
});
