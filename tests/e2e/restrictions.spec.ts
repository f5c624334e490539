import { test, expect } from './fixtures';
import { CheckoutPage, ConfirmationPage, decideConsent, fillGuestCart, IDAHO, SKUS } from './models/checkout.model';

/**
 * Restricted zips are prefixes (docs/decisions/026): '100' blocks 100xx (New York City), not
 * every zip with "100" somewhere in it. A Georgia shopper at 31006 buys the 30-round magazine.
 */

test.beforeEach(async ({ page }) => {
  await decideConsent(page);
});

const GEORGIA = { ...IDAHO, address: '12 Main St', city: 'Butler', state: 'GA', zip: '31006', phone: '4785550142' };

test('a Georgia shopper at 31006 buys the 30-round magazine', async ({ page, request }) => {
  test.slow();
  await fillGuestCart(page, request, [{ productId: SKUS.magazine, quantity: 1 }]);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.seeStep('billing');
  await checkout.fillBilling(GEORGIA);
  await checkout.chooseShipping('Ground');
  await checkout.next();
  await checkout.seeStep('payment');
  await expect(checkout.restrictedModal).toHaveCount(0);
  await checkout.fillCard('4242424242424242');
  await checkout.placeOrderButton.click();
  const confirmation = new ConfirmationPage(page);
  expect(await confirmation.seeOrder()).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('Butler, GA 31006');
});

test('a zip from another state gets a clear message at the field and checkout does not advance', async ({ page, request }) => {
  await fillGuestCart(page, request, [{ productId: SKUS.cap, quantity: 1 }]);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.seeStep('billing');
  // Los Angeles's zip with Nevada as the state.
  await checkout.fillBilling({ ...IDAHO, city: 'Los Angeles', state: 'NV', zip: '90001' });
  await checkout.chooseShipping('Ground');
  await checkout.next();
  await checkout.seeNotification('Errors in the Billing Form');
  await expect(checkout.region('Billing address').getByText('This zip code is not in Nevada')).toBeVisible();
  await checkout.seeStep('billing');
});
