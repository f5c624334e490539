import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { notificationMachine } from '../../machines/notification/notification.machine';
import { NotificationBanner } from '../../src/components/notification-banner';
import { bindNotificationRouteChanges } from '../../src/app/route-changes';

afterEach(cleanup);

function setup() {
  const actor = createActor(notificationMachine).start();
  render(<NotificationBanner actorRef={actor} />);
  return actor;
}

describe('notification banner', () => {
  it('renders nothing while hidden', () => {
    setup();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a success notice as a status and closes when clicked', () => {
    const actor = setup();
    act(() => actor.send({ type: 'notification.show', kind: 'success', text: 'Discount code applied successfully' }));

    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('Discount code applied successfully');

    fireEvent.click(banner);
    expect(screen.queryByRole('status')).toBeNull();
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('shows an error as an alert; its close button closes it', () => {
    const actor = setup();
    act(() => actor.send({ type: 'notification.show', kind: 'error', text: 'Error: Discount code is invalid' }));

    expect(screen.getByRole('alert').textContent).toContain('Error: Discount code is invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});

describe('messages belong to their moment (issue 18 item 5)', () => {
  function routed() {
    const router = createMemoryRouter(
      ['/', '/checkout', '/confirm/:orderId', '/product/:type/:id'].map((path) => ({ path, element: null })),
      { initialEntries: ['/checkout?stepId=payment'] },
    );
    const actor = createActor(notificationMachine).start();
    const unbind = bindNotificationRouteChanges(router, actor);
    return { router, actor, stop: () => (unbind(), router.dispose(), actor.stop()) };
  }

  it('a new page clears the notice; a new query or hash on the same page does not', async () => {
    const { router, actor, stop } = routed();
    actor.send({ type: 'notification.show', kind: 'success', text: 'Discount code applied successfully' });
    await router.navigate('/checkout?stepId=billing');
    await router.navigate('/checkout?stepId=billing#summary');
    expect(actor.getSnapshot().value).toBe('visible');
    // 'Discount code applied' does not show on the confirmation page.
    await router.navigate('/confirm/1042');
    expect(actor.getSnapshot().value).toBe('hidden');
    stop();
  });

  it('a notice that announces the new page survives that change and goes with the next', async () => {
    const { router, actor, stop } = routed();
    actor.send({ type: 'notification.show', kind: 'warning', text: 'All Items have been removed from your cart', survivesNavigation: true });
    await router.navigate('/');
    expect(actor.getSnapshot().context.text).toBe('All Items have been removed from your cart');
    await router.navigate('/product/product-long/rk-15-carbine');
    expect(actor.getSnapshot().value).toBe('hidden');
    stop();
  });
});
