import { expect, test } from './fixtures';
import { CartPanelModel } from './models/cart-panel.model';

/**
 * The cart panel (shop-core.md sections 2, 4, 8) against the real shop: lines with name,
 * options, image and price (list price struck through when on sale), the footer amounts, the
 * quantity updated when its field loses focus (0 removes), delete, the empty text, the header
 * badge, and CHECKOUT to the billing step. Until product pages exist the cart is filled through
 * the API (issue 5, "Tests").
 */

// Seeded catalogue: the RK-15 Sport is 15% off ($899.00 -> $764.15); the Trailhand is not on sale.
const sport = { name: 'RK-15 Sport', productId: 'RK15S-BLK' };
const trailhand = { name: 'Trailhand Lever-Action', productId: 'TRAILHAND-3030-BLK' };

async function cartWithTwoLines(cart: CartPanelModel) {
  await cart.openHome();
  await cart.addThroughApi([
    {
      productId: sport.productId,
      quantity: 1,
      options: [
        { label: 'Finish', value: 'Black' },
        { label: 'Barrel', value: '16 in' },
      ],
      optionIds: ['101', '102'],
    },
    { productId: trailhand.productId, quantity: 2 },
  ]);
}

test('the panel shows each line with options, image and prices, and the footer amounts', async ({ page, checkA11y }) => {
  const cart = new CartPanelModel(page);
  await cartWithTwoLines(cart);
  await cart.seeBadgeCount(3);
  await cart.open();
  await cart.seeLine(sport.name, { options: ['Finish:', 'Black', 'Barrel:', '16 in'], price: '$764.15', original: '$899.00' });
  await cart.seeLine(trailhand.name, { price: '$1,249.00' });
  await cart.seeQuantity(sport.name, 1);
  await cart.seeQuantity(trailhand.name, 2);
  // Subtotal at list prices; Discount the sale savings; Pre-Tax Total = Subtotal - Discount.
  await cart.seeTotals({ subtotal: '$3,397.00', discount: '-$134.85', preTax: '$3,262.15' });
  await checkA11y(page);
});

test('a quantity changed and left updates the cart; 0 removes the line; delete empties it', async ({ page }) => {
  const cart = new CartPanelModel(page);
  await cartWithTwoLines(cart);
  await cart.open();

  await cart.setQuantity(trailhand.name, 3);
  await cart.seeNotificationInPanel(`You updated ${trailhand.name} in your shopping cart`);
  await cart.seeTotals({ subtotal: '$4,646.00', discount: '-$134.85', preTax: '$4,511.15' });
  await cart.seeBadgeCount(4);

  await cart.setQuantity(trailhand.name, 0);
  await cart.dontSeeLine(trailhand.name);
  await cart.seeTotals({ subtotal: '$899.00', discount: '-$134.85', preTax: '$764.15' });
  await cart.seeBadgeCount(1);

  await cart.remove(sport.name);
  await cart.seeEmpty();
  await cart.seeTotals({ subtotal: '$0.00', discount: '$0.00', preTax: '$0.00' });
  await cart.seeBadgeCount(0);
});

test('quick repeated clicks: a double-clicked delete removes the line once, with no error', async ({ page }) => {
  const cart = new CartPanelModel(page);
  await cartWithTwoLines(cart);
  await cart.open();
  await cart.panel.getByRole('button', { name: `Remove ${trailhand.name}` }).dblclick();
  await cart.dontSeeLine(trailhand.name);
  await cart.seeBadgeCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Error:' })).toHaveCount(0);
});

test('the cart survives a reload: every change was saved on the server', async ({ page }) => {
  const cart = new CartPanelModel(page);
  await cartWithTwoLines(cart);
  await cart.open();
  await cart.setQuantity(sport.name, 2);
  await cart.seeNotification(`You updated ${sport.name} in your shopping cart`);
  await page.reload();
  await cart.seeBadgeCount(4);
  await cart.open();
  await cart.seeQuantity(sport.name, 2);
});

test('CHECKOUT goes to the billing step and the route change closes the panel', async ({ page }) => {
  const cart = new CartPanelModel(page);
  await cartWithTwoLines(cart);
  await cart.open();
  await cart.checkout();
  await expect(page).toHaveURL(/\/checkout\?stepId=billing$/);
  await expect(cart.panel).toBeHidden();
});

test('an empty cart shows the empty text, $0.00 amounts and no way to checkout', async ({ page, checkA11y }) => {
  const cart = new CartPanelModel(page);
  await cart.openHome();
  await cart.seeBadgeCount(0);
  await cart.open();
  await cart.seeEmpty();
  await cart.seeTotals({ subtotal: '$0.00', discount: '$0.00', preTax: '$0.00' });
  await checkA11y(page);
});
