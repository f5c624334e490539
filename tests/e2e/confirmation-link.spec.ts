import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { cardToken, mailsTo, ORDER_BILLING } from './models/account.model';
import { SKUS } from './models/checkout.model';

/**
 * The confirmation mail's link (decision 032): a guest orders in one browser and opens the mailed
 * `/confirm/{id}?t=...` in another, which never held that guest's id; the order shows, read-only.
 * Without the token, or with a spoiled one, the same address is the route's 404 error screen.
 */

/** A guest order placed through the API (its own request context, its own guest id). */
async function guestOrder(request: APIRequestContext, email: string): Promise<number> {
  const guestToken = ((await (await request.post('/api/Auth/guest')).json()) as { guestToken: string }).guestToken;
  const added = await request.post(`/api/Cart/guest/${guestToken}/items`, { data: [{ productId: SKUS.cap, quantity: 1 }] });
  expect(added.ok(), await added.text()).toBe(true);
  const cartId = ((await added.json()) as { id: number }).id;
  const placed = await request.post('/api/Checkout/simplified', {
    headers: { 'X-Guest-Id': guestToken },
    data: { cartId, customerInfo: { ...ORDER_BILLING, email }, paymentToken: await cardToken(request) },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { orderId: number }).orderId;
}

test('the mailed confirmation link opens the order in a fresh browser; without its token it is a 404', async ({ page, request, checkA11y }) => {
  const email = `e2e-link-${randomBytes(4).toString('hex')}@example.com`;
  const orderId = await guestOrder(request, email);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, email);
      link = mails.map((mail) => new RegExp(`https?://\\S+/confirm/${orderId}\\?t=[A-Za-z0-9._-]+`).exec(mail.text)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  const { pathname, search } = new URL(link!);

  // `page` is a new browser context: no cookies, no storage, a guest id of its own at most.
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(`Order number: ${orderId}`)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await checkA11y(page);

  await page.goto(pathname);
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByText('Order not found')).toBeVisible();

  const at = search.length - 10; // a character inside the signature
  const spoiled = `${search.slice(0, at)}${search[at] === 'A' ? 'B' : 'A'}${search.slice(at + 1)}`;
  await page.goto(`${pathname}${spoiled}`);
  await expect(page.getByText('404 Not Found')).toBeVisible();
});
