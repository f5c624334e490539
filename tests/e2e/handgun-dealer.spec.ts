import { test, expect } from './fixtures';
import { CheckoutPage, COLORADO, decideConsent, fillGuestCart, SKUS, WYOMING } from './models/checkout.model';

/**
 * Handguns go to a dealer in the buyer's state (issue 39 item 10; 18 U.S.C. 922(b)(3); decision
 * 077), as the shopper sees it in the checkout's dealer picker: with a pistol in the cart and the
 * billing address in Colorado, the Wyoming dealer near Denver is listed greyed with the reason and
 * cannot be chosen; when the billing state changes to Wyoming, the Colorado dealer chosen is
 * dropped with the reason, and the Wyoming one can be chosen and taken to payment.
 */

test.beforeEach(async ({ page }) => {
  await decideConsent(page);
});

test('a handgun: dealers outside the billing state are greyed with the reason, and a change of state drops the chosen one', async ({ page, request, checkA11y }) => {
  // Two searches, an axe scan and the way to payment: a long journey on a loaded machine.
  test.slow();
  await fillGuestCart(page, request, [{ productId: SKUS.pistol, quantity: 1 }]);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fillBilling(COLORADO);
  await checkout.chooseShipping('Ground');
  const step = checkout.dealerStep;
  await expect(step).toContainText('Your cart has a handgun.');
  await expect(step).toContainText('it goes to a dealer in Colorado, the state of your billing address');

  await checkout.searchDealers('80202', 100);
  expect(await checkout.dealerCardNames()).toEqual(['Front Range Gun Works', 'Pikes Peak Shooting Supply', 'High Plains Firearms']);
  await checkout.seeDealerChoosable('Front Range Gun Works');
  await checkout.seeDealerUnavailable('Pikes Peak Shooting Supply', 'License expired');
  await checkout.seeDealerUnavailable('High Plains Firearms', 'Handguns: Colorado dealers only');
  await expect(step.getByRole('status')).toHaveText('1 licensed dealer in Colorado within 100 miles of 80202, nearest first');
  await checkA11y(page);

  await checkout.chooseDealer('Front Range Gun Works');
  await checkout.seeChosenDealer({ name: 'Front Range Gun Works', city: 'Denver', state: 'CO', zip: '80202' });

  // The buyer's residence changes: the choice is checked again and dropped, with the reason.
  await checkout.setBillingState(WYOMING.state);
  await expect(step.getByRole('alert').filter({ hasText: 'Front Range Gun Works cannot receive this order' })).toContainText(
    'Handguns go to a dealer in Wyoming, the state of your billing address',
  );
  await checkout.seeDealerUnavailable('Front Range Gun Works', 'Handguns: Wyoming dealers only');
  await checkout.seeDealerChoosable('High Plains Firearms');

  // Billing in Cheyenne, the Cheyenne dealer: on to payment.
  await checkout.fillBilling(WYOMING);
  await checkout.chooseDealer('High Plains Firearms');
  await checkout.seeChosenDealer({ name: 'High Plains Firearms', city: 'Cheyenne', state: 'WY', zip: '82001' });
  await checkout.next();
  await checkout.seeStep('payment');
});
