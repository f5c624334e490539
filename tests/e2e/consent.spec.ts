import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ConsentModel, PromotionModel } from './models/consent.model';

/**
 * Analytics consent (shop-core sections 2, 3, 4, 9) as a bar at the bottom that does not block the
 * page, reopened from the footer's 'Cookie preferences' (issue 18 item 8), the promotion pop-up
 * (sections 2, 3; it waits until the shopper leaves checkout, issue 18 item 5) and the card payment
 * provider's script (section 7): the card reaches only the provider, the shop API gets the token.
 */

test.describe('analytics consent', () => {
  // These tests start as a first-time visitor: no stored decision.
  test.use({ storedConsent: null });

  test('the bar shows on the first visit without blocking the page; Decline sends nothing, ever, and is remembered', async ({ page, checkA11y }) => {
    const consent = new ConsentModel(page);
    await page.goto('/');
    await consent.seeBar();
    await checkA11y(page);
    // Not a modal: focus stays with the page (the first Tab reaches the skip link, not the bar),
    // and both choices are ordinary buttons reachable with the keyboard.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await consent.bar.getByRole('button', { name: 'Decline' }).focus();
    await page.keyboard.press('Tab');
    await expect(consent.bar.getByRole('button', { name: 'Accept' })).toBeFocused();
    // Escape does not decide for the visitor.
    await page.keyboard.press('Escape');
    await consent.seeBar();

    await consent.decline();
    await consent.dontSeeBar();
    expect(await consent.storedDecision()).toEqual({ value: false, decidedAt: expect.any(String) });

    // Moving around and coming back later: still no modal and no analytics call of any kind.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await consent.dontSeeBar();
    await page.goto('/no/such/page');
    await page.waitForLoadState('networkidle');
    await consent.dontSeeBar();
    expect(consent.analyticsRequests).toEqual([]);
  });

  test('the page stays usable under the bar: the page is clickable and at 390 px Add to Cart is not covered for good', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const consent = new ConsentModel(page);
    await page.goto('/product/product-long/rk-15-carbine');
    await consent.seeBar();
    const addToCart = page.getByRole('button', { name: 'Add to Cart', exact: true });
    // Scrolled to the middle of the screen, nothing lies over it: the shopper can reach it.
    await addToCart.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const button = (await addToCart.boundingBox())!;
    const bar = (await consent.bar.boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
      { x: button.x + button.width / 2, y: button.y + button.height / 2 },
    );
    expect(onTop).toBe('Add to Cart');
    // The page keeps room at the bottom for the bar: scrolled to the end, the footer's last line is above it.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect
      .poll(async () => {
        const last = (await consent.cookiePreferences.boundingBox())!;
        return last.y + last.height <= (await consent.bar.boundingBox())!.y;
      })
      .toBe(true);
    // Still undecided, the page works: a click lands on the page, not on an overlay.
    await addToCart.click();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await consent.seeBar();
  });

  test('Cookie preferences reopens the bar; a new answer takes effect at once', async ({ page, checkA11y }) => {
    const consent = new ConsentModel(page);
    await page.goto('/');
    await consent.accept();
    await consent.dontSeeBar();
    await expect.poll(() => consent.pageViews().length).toBe(1);

    // Reopened: focus moves to the bar, which says what is in force.
    await consent.reopen();
    await expect(consent.bar).toBeFocused();
    await expect(consent.bar).toContainText('You have accepted analytics.');
    await checkA11y(page);
    await consent.decline();
    await consent.dontSeeBar();
    await expect(consent.cookiePreferences).toBeFocused();
    expect(await consent.storedDecision()).toEqual({ value: false, decidedAt: expect.any(String) });

    // Declined: no page view for the next page, none after a while.
    const sentBefore = consent.analyticsRequests.length;
    // The FAQ page has arrived (a page view would have gone as its address changed). A page that
    // is still being swapped in moves the footer between press and release, and a click there is
    // lost (waiting for network idle does not wait: that state belongs to the first load).
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    expect(consent.analyticsRequests).toHaveLength(sentBefore);

    // And back: Accept counts the page the visitor is on at once.
    await consent.reopen();
    await expect(consent.bar).toContainText('You have declined analytics.');
    const view = page.waitForRequest((request) => request.url().endsWith('/api/Analytics/events'));
    await consent.accept();
    expect((await view).postDataJSON()).toMatchObject({ type: 'page_view', path: new URL(page.url()).pathname });
    await consent.dontSeeBar();
  });

  test('nothing is sent while the visitor has not decided; Accept sends page views from then on', async ({ page, checkA11y }) => {
    const consent = new ConsentModel(page);
    await page.goto('/');
    await consent.seeBar();
    await page.waitForLoadState('networkidle');
    expect(consent.analyticsRequests).toEqual([]);

    const firstView = page.waitForRequest((request) => request.url().endsWith('/api/Analytics/events'));
    await consent.accept();
    await consent.dontSeeBar();
    const request = await firstView;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({ type: 'page_view', path: '/', at: expect.any(String) });
    expect((await request.response())?.status()).toBe(204);
    expect(await consent.storedDecision()).toEqual({ value: true, decidedAt: expect.any(String) });
    await checkA11y(page);

    // A route change is a page view.
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true });
    const href = new URL((await link.getAttribute('href'))!, page.url());
    const nextView = page.waitForRequest(
      (r) => r.url().endsWith('/api/Analytics/events') && r.postDataJSON().path === `${href.pathname}${href.search}`,
    );
    await link.click();
    await nextView;

    // A reload keeps the decision: no modal, and the page is counted.
    const reloadView = page.waitForRequest((r) => r.url().endsWith('/api/Analytics/events'));
    await page.reload();
    await reloadView;
    await consent.dontSeeBar();
    expect(consent.pageViews().every((event) => event.type === 'page_view')).toBe(true);
  });
});

/** The guest token the page made, and its cart id. */
async function pageGuestCart(page: Page, request: APIRequestContext) {
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('guestToken'))).toBeTruthy();
  const guestToken = (await page.evaluate(() => window.localStorage.getItem('guestToken')))!;
  const cart = await (await request.get(`/api/Cart/guest/${guestToken}`)).json();
  return { guestToken, cartId: cart.id as number };
}

test('a promo code with promotional content shows the pop-up once; Shop Now opens the product', async ({ page, request, checkA11y }) => {
  await page.goto('/');
  const { guestToken, cartId } = await pageGuestCart(page, request);
  // EMBER15 applies to Ember Edition skus only (server/src/db/seed-checkout.ts).
  const added = await request.post(`/api/Cart/guest/${guestToken}/items`, { data: [{ productId: 'SLING2P-EMBER', quantity: 1 }] });
  expect(added.status()).toBe(200);
  const applied = await request.post(`/api/Cart/guest/${guestToken}/promo-code`, { data: { promoCode: 'EMBER15', cartId } });
  expect(applied.status()).toBe(200);
  const page0 = (await applied.json()).appliedDiscounts[0].promotionalPageInfo.data[0];
  const group = page0.group1 ?? page0.group2;

  await page.reload();
  const promotion = new PromotionModel(page);
  await promotion.seePopup(page0.title, page0.subtitle);
  // The promotion image is the pop-up's background.
  await expect(promotion.popup(page0.title)).toHaveCSS('background-image', new RegExp(page0.promo_image.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await checkA11y(page);

  await promotion.shopNow(page0.title);
  await expect(page).toHaveURL(new RegExp(`/product/${group.display_type}/${group.documentId}$`));
  await expect(promotion.popup(page0.title)).toBeHidden();

  // Shown once per applied discount: a reload in this tab does not bring it back.
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(promotion.popup(page0.title)).toBeHidden();
});

test('the promotion pop-up closes with its close button and stays closed', async ({ page, request }) => {
  await page.goto('/');
  const { guestToken, cartId } = await pageGuestCart(page, request);
  await request.post(`/api/Cart/guest/${guestToken}/items`, { data: [{ productId: 'SLING2P-EMBER', quantity: 1 }] });
  const applied = await (await request.post(`/api/Cart/guest/${guestToken}/promo-code`, { data: { promoCode: 'EMBER15', cartId } })).json();
  const title = applied.appliedDiscounts[0].promotionalPageInfo.data[0].title as string;
  await page.reload();
  const promotion = new PromotionModel(page);
  await expect(promotion.popup(title)).toBeVisible();
  await promotion.popup(title).getByRole('button', { name: 'Close promotion' }).click();
  await expect(promotion.popup(title)).toBeHidden();
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(promotion.popup(title)).toBeHidden();
});

test('a promotion waits until the shopper leaves checkout', async ({ page, request }) => {
  await page.goto('/');
  const { guestToken, cartId } = await pageGuestCart(page, request);
  await request.post(`/api/Cart/guest/${guestToken}/items`, { data: [{ productId: 'SLING2P-EMBER', quantity: 1 }] });
  const applied = await (await request.post(`/api/Cart/guest/${guestToken}/promo-code`, { data: { promoCode: 'EMBER15', cartId } })).json();
  const title = applied.appliedDiscounts[0].promotionalPageInfo.data[0].title as string;
  const promotion = new PromotionModel(page);

  // On checkout (and on the confirmation page) it never opens.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(promotion.popup(title)).toBeHidden();
  // Leaving checkout with the discount still applied: now it opens.
  await page.getByRole('link', { name: 'Ridgeline Arms home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(promotion.popup(title)).toBeVisible();
});

test('the card goes to the payment provider only; the shop API gets the one-time token', async ({ page, request }) => {
  const cardNumber = '4242424242424242';
  const shopCalls: { url: string; body: string }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) shopCalls.push({ url: r.url(), body: r.postData() ?? '' });
  });
  await page.goto('/');
  const { guestToken, cartId } = await pageGuestCart(page, request);
  await request.post(`/api/Cart/guest/${guestToken}/items`, { data: [{ productId: 'SLING2P-EMBER', quantity: 1 }] });

  // The provider's script as the storefront loads it: a <script src> from the runtime setting,
  // under the shop's CSP (script-src 'self'), then its browser interface.
  const settings = await page.evaluate(() => JSON.parse(document.getElementById('runtime-settings')?.textContent ?? '{}'));
  expect(settings.paymentScriptUrl).toBe('/payments-sandbox/v1/sandbox.js');
  const result = await page.evaluate(
    async ({ src, number, clientKey, apiLoginID }) => {
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('script blocked'));
        document.head.append(script);
      });
      type AcceptResponse = { opaqueData?: { dataDescriptor: string; dataValue: string }; messages: { resultCode: string; message: { code: string; text: string }[] } };
      const accept = (window as unknown as { Accept: { dispatchData(data: object, handler: (response: AcceptResponse) => void): void } }).Accept;
      const tokenize = (cardNumber: string) =>
        new Promise<AcceptResponse>((resolve) =>
          accept.dispatchData(
            { authData: { clientKey, apiLoginID }, cardData: { cardNumber, month: '12', year: '2040', cardCode: '123' } },
            resolve,
          ),
        );
      const declined = await tokenize('4242424242424241');
      const token = await tokenize(number);
      return { declined, token };
    },
    { src: settings.paymentScriptUrl, number: cardNumber, clientKey: settings.paymentClientKey, apiLoginID: settings.paymentApiLoginId },
  );
  expect(result.declined.messages.resultCode).toBe('Error');
  expect(result.declined.messages.message[0].text).toBeTruthy();
  expect(result.token.opaqueData?.dataDescriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
  expect(result.token.opaqueData?.dataValue).toMatch(/^tok_/);

  const placed = await page.evaluate(
    async ({ cartId, guestToken, paymentToken }) => {
      const response = await fetch('/api/Checkout/simplified', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-guest-id': guestToken },
        body: JSON.stringify({
          cartId,
          paymentToken,
          customerInfo: {
            email: 'pat.buyer@example.com',
            name: 'Pat Buyer',
            mainContact: '(512) 555-0199',
            address: '100 Congress Ave',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            country: 'United States',
            shippingSameAsBilling: true,
            shippingMethodId: 1,
          },
        }),
      });
      return { status: response.status, body: await response.json() };
    },
    { cartId, guestToken, paymentToken: result.token.opaqueData!.dataValue },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect(placed.body.success).toBe(true);

  const checkout = shopCalls.filter((call) => call.url.endsWith('/api/Checkout/simplified'));
  expect(checkout).toHaveLength(1);
  expect(JSON.parse(checkout[0].body).paymentToken).toBe(result.token.opaqueData!.dataValue);
  for (const call of shopCalls) {
    expect(call.body).not.toContain(cardNumber);
    expect(call.body).not.toContain('4242 4242');
  }
});
