import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { consentMachine } from '../../machines/consent/consent.machine';
import type { StoredConsent } from '../../machines/consent/consent.types';
import { AppProviders } from '../../src/services/providers';
import { COOKIE_PREFERENCES_ID } from '../../src/features/consent/cookie-preferences-id';
import { ConsentSlot } from '../../src/features/consent/consent-slot';

/**
 * The analytics consent bar (shop-core.md sections 2 and 4; issue 18 item 8): a labelled region at
 * the bottom, not a modal; the footer's 'Cookie preferences' shows it again and a new answer takes
 * effect at once.
 */

afterEach(cleanup);

function setup(stored: StoredConsent | null) {
  const sent: string[] = [];
  const actor = createActor(
    consentMachine.provide({
      actions: { storeDecision: () => {}, sendAnalytics: (_, params) => void sent.push(params.type) },
      // The app's activity watcher listens to the window; here a stand-in that does nothing.
      actors: { watchActivity: fromCallback(() => () => {}) },
    }),
    { input: { stored, path: '/' } },
  );
  actor.start();
  render(
    <AppProviders services={{} as never} actors={{ consent: actor } as never}>
      <main>
        <button type="button">Add to Cart</button>
      </main>
      <footer>
        <button type="button" id={COOKIE_PREFERENCES_ID} onClick={() => actor.send({ type: 'consent.reopen' })}>
          Cookie preferences
        </button>
      </footer>
      <ConsentSlot />
    </AppProviders>,
  );
  return { actor, sent };
}

describe('consent bar', () => {
  it('on a first visit is a labelled region at the bottom, not a dialog, and the page stays usable', async () => {
    const { actor } = setup(null);
    const bar = await screen.findByRole('region', { name: 'We value your privacy' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bar.getAttribute('aria-modal')).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Accept' })).toBeTruthy();
    // Nothing outside is hidden or inert, and focus is not taken from the page.
    const addToCart = screen.getByRole('button', { name: 'Add to Cart' });
    expect(addToCart.closest('[aria-hidden="true"],[inert]')).toBeNull();
    expect(document.activeElement).not.toBe(bar);
    // The page gets room at the bottom while the bar shows.
    expect(document.documentElement.style.getPropertyValue('--consent-bar-space')).toMatch(/px$/);

    fireEvent.click(within(bar).getByRole('button', { name: 'Decline' }));
    expect(actor.getSnapshot().value).toBe('declined');
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--consent-bar-space')).toBe('');
    actor.stop();
  });

  it('Cookie preferences reopens it with focus, says the answer in force, and Decline stops analytics at once', async () => {
    const { actor, sent } = setup({ value: true, decidedAt: '2026-01-01T00:00:00.000Z' });
    expect(sent).toEqual(['page_view']);
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cookie preferences' }));
    const bar = await screen.findByRole('region', { name: 'We value your privacy' });
    expect(document.activeElement).toBe(bar);
    expect(bar.textContent).toContain('You have accepted analytics.');

    fireEvent.click(within(bar).getByRole('button', { name: 'Decline' }));
    expect(actor.getSnapshot().value).toBe('declined');
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    // Focus goes back where the visitor came from.
    expect(document.activeElement?.id).toBe(COOKIE_PREFERENCES_ID);
    act(() => actor.send({ type: 'consent.page.viewed', path: '/faq' }));
    expect(sent).toEqual(['page_view']);
    actor.stop();
  });

  it('Escape closes a reopened bar and keeps the answer; on a first visit it decides nothing', async () => {
    const first = setup(null);
    const bar = await screen.findByRole('region', { name: 'We value your privacy' });
    fireEvent.keyDown(bar, { key: 'Escape' });
    expect(first.actor.getSnapshot().value).toBe('undecided');
    first.actor.stop();
    cleanup();

    const { actor } = setup({ value: false, decidedAt: '2026-01-01T00:00:00.000Z' });
    fireEvent.click(screen.getByRole('button', { name: 'Cookie preferences' }));
    const reopened = await screen.findByRole('region', { name: 'We value your privacy' });
    expect(reopened.textContent).toContain('You have declined analytics.');
    fireEvent.keyDown(reopened, { key: 'Escape' });
    expect(actor.getSnapshot().value).toBe('declined');
    expect(actor.getSnapshot().context.reviewing).toBe(false);
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    actor.stop();
  });
});
