import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { notificationMachine } from '../../machines/notification/notification.machine';
import { NotificationBanner } from '../../src/components/notification-banner';

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
