// The product screen (catalogue-and-content.md sections 2, 4, 8) rendered with seeded content:
// Add to Cart sends the cart line to the cart actor, a sold-out sku shows the Notify Me slot,
// a tab without options shows 'Coming Soon', and a missing product the not-found state. Once the
// shopper's destination is known, a sku that cannot ship there says so and points to one that can
// (decision 030).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { TestProviders } from './test-providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import type { ShipmentDestination } from '../../machines/cart/cart.types';
import { productById } from '../../server/seed/products';
import { createApiClient } from '../../src/api/client';
import type { AppActors } from '../../src/services/providers';
import { createProductLoader } from '../../src/features/product/product-loader';
import { ProductScreen } from '../../src/features/product/product-screen';
import { seedPrices as prices } from './seed-prices';

afterEach(cleanup);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The real loader over a fake network serving the seed: products by id, reviews empty. The cart
 * is a real cart actor (started from the session-storage destination given, if any) whose `send`
 * is a spy.
 */
function renderProduct(url: string, destination: ShipmentDestination | null = null) {
  const api = createApiClient({
    baseUrl: 'http://shop.test/api',
    getAccessToken: () => null,
    getGuestId: () => null,
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      const id = path.match(/^\/api\/cms\/products\/(.+)$/)?.[1];
      if (id === 'catalogue-down') return json({ status: 503, title: 'Service Unavailable', message: 'down' }, 503);
      if (id) {
        try {
          return json({ data: productById(decodeURIComponent(id)), meta: {} });
        } catch {
          return json({ status: 404, title: 'Not Found', message: `No product '${id}' exists` }, 404);
        }
      }
      if (path === '/api/Reviews') return json([]);
      return json({ status: 404, title: 'Not Found', message: path }, 404);
    },
  });
  const cart = createActor(cartMachine, { input: { guestToken: null, destination } }).start();
  const send = vi.fn<(event: Record<string, unknown>) => void>();
  vi.spyOn(cart, 'send').mockImplementation((event) => send(event));
  const loader = createProductLoader({ api, prices: { load: async () => prices }, pageContent: { load: async () => ({}) } } as never);
  const router = createMemoryRouter(
    ['/product/product-short/:documentId', '/product/product-short-alt/:documentId', '/product/product-long/:documentId'].map((path) => ({
      path,
      loader,
      element: <ProductScreen />,
    })),
    { initialEntries: [url] },
  );
  render(
    <TestProviders override={({ services, actors }) => ({ services: { ...services, api }, actors: { ...actors, cart: cart as AppActors['cart'] } })}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { send };
}

/** Chooses the option with this value in the option group (radio buttons, decision 042). */
function pick(group: string, value: string) {
  const radio = within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio').find((r) => (r as HTMLInputElement).value === value);
  if (!radio) throw new Error(`no ${value} in ${group}`);
  fireEvent.click(radio);
}

/** The value chosen in the option group, or null. */
function chosen(group: string) {
  const radios = within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio') as HTMLInputElement[];
  return radios.find((r) => r.checked)?.value ?? null;
}

describe('product screen', () => {
  it('adds the chosen sku with its options and quantity to the cart', async () => {
    const { send } = renderProduct('/product/product-long/rk-15-carbine');
    expect(await screen.findByRole('heading', { level: 1, name: 'RK-15 Carbine' })).toBeTruthy();
    pick('Caliber', '300blk');
    expect(chosen('Barrel Length')).toBe('16');
    fireEvent.click(screen.getByRole('button', { name: /^Factory Sight-In Service/ }));
    fireEvent.input(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    // The rifle's line, with the add-on's own line after it (decision 013): one event, so one
    // notice names both (issue 19 item 8).
    expect(send).toHaveBeenCalledTimes(1);
    const event = send.mock.calls[0][0];
    expect(event.type).toBe('cart.item.add');
    expect(event.line).toMatchObject({
      productName: 'RK-15 Carbine',
      productId: 'RK15C-300BLK-16-BLK',
      quantity: 3,
      productUrl: '/product/product-long/rk-15-carbine',
      isFflItem: true,
    });
    expect(event.with).toMatchObject([
      { productId: 'RA-SVC-SIGHTIN', productName: 'Factory Sight-In Service', quantity: 3, options: [{ label: 'Service', value: 'Add-on for RK-15 Carbine' }] },
    ]);
  });

  it("refuses a quantity above stock at the field with 'Only {n} left' and adds nothing (decision 027)", async () => {
    const { send } = renderProduct('/product/product-long/rk-15-carbine');
    await screen.findByRole('heading', { level: 1, name: 'RK-15 Carbine' });
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    const left = prices['RK15C-556-16-BLK'].qtyOnHand;
    fireEvent.input(field, { target: { value: String(left + 1) } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(describedBy?.textContent).toBe(`Only ${left} left`);
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    // Leaving the field keeps what was typed: nothing is silently changed.
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe(String(left + 1));
    fireEvent.input(field, { target: { value: '500' } });
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Enter a whole number from 1 to 99');
    expect(send).not.toHaveBeenCalled();

    fireEvent.input(field, { target: { value: String(left) } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0].line).toMatchObject({ productId: 'RK15C-556-16-BLK', quantity: left });
  });

  it('shows the Notify Me slot for a sold-out sku', async () => {
    renderProduct('/product/product-long/rk-15-carbine');
    await screen.findByRole('heading', { level: 1, name: 'RK-15 Carbine' });
    pick('Caliber', '300blk');
    pick('Finish', 'fde');
    const slot = screen.getByRole('region', { name: 'Notify Me' });
    expect(slot.dataset.slot).toBe('stock-alert');
    expect(slot.dataset.productId).toBe('RK15C-300BLK-16-FDE');
    expect(slot.dataset.productName).toBe('RK-15 Carbine');
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('a compatibility tab without options shows a disabled Coming Soon button, and Add to Cart is disabled', async () => {
    renderProduct('/product/product-short-alt/rm-30-rifle-magazine');
    await screen.findByRole('heading', { level: 1, name: 'RM-30 Rifle Magazine' });
    expect(((await screen.findByRole('radio', { name: 'RK-15 Carbine' })) as HTMLInputElement).checked).toBe(true);
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'RK-10' }));
    const comingSoon = await screen.findByRole('button', { name: 'Coming Soon' });
    expect(comingSoon.hasAttribute('disabled') || comingSoon.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'RK-15' }));
    expect(add.disabled).toBe(false);
  });

  it('apparel starts with no size: Add to Cart asks for one, and a later reset is announced', async () => {
    const { send } = renderProduct('/product/product-short-alt/logo-tee');
    await screen.findByRole('heading', { level: 1, name: 'Ridgeline Logo Tee' });
    expect(chosen('Size')).toBeNull();
    // The size guide from content, under the sizes (decision 046).
    const guide = screen.getByRole('table', { name: 'Tee size guide' });
    expect(guide.closest('details')?.querySelector('summary')?.textContent).toBe('Size guide');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Size', 'Chest (in.)', 'Length (in.)']);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByText('Choose a Size', { selector: 'li' })).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    pick('Size', 'm');
    expect(screen.queryByText('Choose a Size', { selector: 'li' })).toBeNull();
    // A new colour puts the size back to 'Choose', never to a guessed S (issue 19 item 8).
    pick('Color', 'sand');
    expect(chosen('Size')).toBeNull();
    expect(screen.getByText('Reset Size to Choose.')).toBeTruthy();
  });

  it('renders each layout with its title and breadcrumbs', async () => {
    renderProduct('/product/product-short/rp-9-compact');
    await screen.findByRole('heading', { level: 1, name: 'RP-9 Compact' });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Pistols' }).getAttribute('href')).toBe('/product/collection-tabbed-grid/pistols');
    expect(within(crumbs).getByText('RP-9 Compact').getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('[data-layout="pistol"]')).not.toBeNull();
  });

  it("says 'Not available for shipment to California' on a restricted sku, describes Add to Cart with it (still addable, to ship elsewhere) and points to a variant that can ship", async () => {
    const { send } = renderProduct('/product/product-short-alt/rm-30-rifle-magazine', { state: 'CA', zip: '95814' });
    await screen.findByRole('heading', { level: 1, name: 'RM-30 Rifle Magazine' });
    // The first variant (10 rounds) ships to California: no note.
    expect(screen.queryByText(/Not available for shipment/)).toBeNull();
    pick('Capacity', '30');
    // The rule's module loads once the destination is known.
    expect(await screen.findByText('Not available for shipment to California')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe('Not available for shipment to California');

    // The nearest variant that can ship: the same colour, 10 rounds.
    fireEvent.click(screen.getByRole('button', { name: 'Available: 10 rounds' }));
    expect(chosen('Capacity')).toBe('10');
    expect(chosen('Color')).toBe('blk');
    expect(screen.queryByText(/Not available for shipment/)).toBeNull();
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(send.mock.calls[0][0]).toMatchObject({ type: 'cart.item.add', line: { productId: 'RM30-10-BLK' } });
  });

  it('names the state of a profile default address, and says nothing while the destination is unknown', async () => {
    renderProduct('/product/product-short-alt/rm-30-rifle-magazine', { state: 'IL', zip: '60601' });
    await screen.findByRole('heading', { level: 1, name: 'RM-30 Rifle Magazine' });
    pick('Capacity', '20');
    // The state names the place when it restricts (Chicago's 606 prefix would too).
    expect(await screen.findByText('Not available for shipment to Illinois')).toBeTruthy();
    cleanup();

    renderProduct('/product/product-short-alt/rm-30-rifle-magazine');
    await screen.findByRole('heading', { level: 1, name: 'RM-30 Rifle Magazine' });
    pick('Capacity', '30');
    expect(screen.queryByText(/Not available for shipment/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so for an FFL sku restricted in the shopper\'s state (their dealer is in-state)', async () => {
    renderProduct('/product/product-short/rp-9-compact', { state: 'MA', zip: '01002' });
    await screen.findByRole('heading', { level: 1, name: 'RP-9 Compact' });
    expect(await screen.findByText('Not available for shipment to Massachusetts')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(false);
    // No variant of a rostered-out handgun can go there: no pointer.
    expect(screen.queryByRole('button', { name: /^Available: / })).toBeNull();
  });

  it('an unknown product shows the not-found state', async () => {
    renderProduct('/product/product-long/no-such-rifle');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeTruthy();
    expect(screen.getByText(/no-such-rifle/)).toBeTruthy();
  });

  it('a catalogue that does not answer says the product is not available right now, not that it does not exist', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderProduct('/product/product-long/catalogue-down');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not available right now' })).toBeTruthy();
    expect(screen.getByText('We could not load this product. Please try again in a moment.')).toBeTruthy();
    expect(screen.queryByText(/no longer sold/)).toBeNull();
  });
});
