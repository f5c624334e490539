import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { connect } from '../../machines/ffl-dealer/ffl-dealer.connect';
import { fflDealerMachine } from '../../machines/ffl-dealer/ffl-dealer.machine';
import type { FflDealer, LastDealerAnswer } from '../../machines/ffl-dealer/ffl-dealer.types';
import { GeocodingError } from '../../machines/shared/geocoding';
import type { LatLng } from '../../src/domain/distance';
import { DealerStep, type DealerFields } from '../../src/features/checkout/dealer-step';

/**
 * The checkout's dealer step as a shopper meets it (decision 029), rendered over the real
 * fflDealer machine with answering calls. The map needs WebGL, so a stand-in draws its markers as
 * the real one does: buttons named after the dealers.
 */

vi.mock('../../src/components/dealer-map', () => ({
  DealerMap: ({ dealers, selectedId, onSelect }: { dealers: { id: string; name: string }[]; selectedId: string | null; onSelect: (id: string) => void }) => (
    <div data-testid="dealer-map">
      {dealers.map((dealer) => (
        <button key={dealer.id} type="button" aria-label={dealer.name} aria-pressed={dealer.id === selectedId} onClick={() => onSelect(dealer.id)} />
      ))}
    </div>
  ),
}));

afterEach(cleanup);

const dealer = (id: number, name: string, city: string, zip: string, latitude: number, longitude: number, licenceCurrent = true): FflDealer => ({
  id,
  name,
  address: `${id}00 Main St`,
  city,
  state: 'CO',
  zip,
  email: `ffl${id}@example.com`,
  phone: '(303) 555-0100',
  licenceEnding: `1234${id}`,
  licenceCurrent,
  latitude,
  longitude,
});
const frontRange = dealer(7, 'Front Range Gun Works', 'Denver', '80202', 39.753, -104.999);
const pikesPeak = dealer(8, 'Pikes Peak Shooting Supply', 'Colorado Springs', '80903', 38.83, -104.823, false);
const highPlains = dealer(5, 'High Plains Firearms', 'Cheyenne', '82001', 41.14, -104.8202);
const points: Record<string, LatLng> = {
  '80202': { latitude: 39.7527, longitude: -104.9921 },
  '59901': { latitude: 48.2306, longitude: -114.4033 },
};

function start(last: FflDealer | null = null) {
  const actor = createActor(
    fflDealerMachine.provide({
      actors: {
        loadDealers: fromPromise<FflDealer[]>(async () => [highPlains, pikesPeak, frontRange]),
        geocode: fromPromise<LatLng, { zip: string }>(async ({ input }) => {
          if (!points[input.zip]) throw new GeocodingError('ZERO_RESULTS', 200);
          return points[input.zip];
        }),
        loadLastDealer: fromPromise<LastDealerAnswer>(async () => ({ dealer: last })),
      },
      actions: { reportChosen: () => {}, reportCleared: () => {} },
    }),
    { input: { recall: last !== null } },
  ).start();
  const onChosen = vi.fn();
  render(<Harness actor={actor} onChosen={onChosen} />);
  return { actor, onChosen };
}

const field = (name: string) => ({ id: `checkout-${name}`, name, errorId: `checkout-${name}-error`, errors: undefined });
const fields = Object.fromEntries(
  ['dealerId', 'dealerName', 'dealerAddress', 'dealerEmail', 'dealerPhone', 'dealerCity', 'dealerState', 'dealerZip', 'dealerCountry'].map((name) => [name, field(name)]),
) as DealerFields;

function Harness({ actor, onChosen }: { actor: ActorRefFrom<typeof fflDealerMachine>; onChosen: () => void }) {
  const api = useSelector(actor, (snapshot) => connect(snapshot, actor.send));
  return (
    <form aria-label="Billing and shipping" onSubmit={(event) => event.preventDefault()}>
      <DealerStep dealer={api} fields={fields} onChosen={onChosen} />
    </form>
  );
}

const region = () => screen.getByRole('region', { name: 'FFL dealer' });
const search = () => within(region()).getByRole('search', { name: 'Find an FFL dealer' });

async function searchFor(zip: string, miles?: number) {
  const zipInput = within(search()).getByLabelText('Zip code');
  fireEvent.change(zipInput, { target: { value: zip } });
  if (miles) fireEvent.change(within(search()).getByLabelText('Distance'), { target: { value: String(miles) } });
  // Enter in the zip field searches: it does not submit the billing form (Next).
  fireEvent.keyDown(zipInput, { key: 'Enter' });
}

describe('the checkout dealer step', () => {
  it('lists the dealers near a zip nearest first; an expired licence is greyed and cannot be chosen', async () => {
    start();
    await searchFor('80202', 100);
    const list = await screen.findByRole('list', { name: 'FFL dealers, nearest first' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Front Range Gun Works',
      'Pikes Peak Shooting Supply',
      'High Plains Firearms',
    ]);
    expect(cards[0].textContent).toMatch(/\d(\.\d)? mi/);
    expect(within(cards[1]).getByText('License expired')).toBeTruthy();
    expect(within(cards[1]).queryByRole('button')).toBeNull();
    expect(within(cards[0]).getByRole('button', { name: 'Choose Front Range Gun Works' })).toBeTruthy();
    expect(within(region()).getByRole('status').textContent).toBe('2 licensed dealers within 100 miles of 80202, nearest first');
    expect(await screen.findByTestId('dealer-map')).toBeTruthy();
  });

  it('a marker brings its card forward and focuses its Choose button', async () => {
    // jsdom lays nothing out, so it has no scrolling.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    start();
    await searchFor('80202', 100);
    const marker = await screen.findByRole('button', { name: 'High Plains Firearms' });
    act(() => fireEvent.click(marker));
    const card = screen.getByRole('heading', { name: 'High Plains Firearms' }).closest('li')!;
    expect(card.getAttribute('data-highlighted')).toBe('true');
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Choose High Plains Firearms' }));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(marker.getAttribute('aria-pressed')).toBe('true');
  });

  it("choosing shows the dealer's record as the dealer form, read-only, and Change dealer goes back to the list", async () => {
    const { onChosen } = start();
    await searchFor('80202', 50);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Front Range Gun Works' }));
    const name = within(region()).getByLabelText('Dealer name') as HTMLInputElement;
    expect(name.value).toBe('Front Range Gun Works');
    expect(name.readOnly).toBe(true);
    expect((within(region()).getByLabelText('Dealer address') as HTMLInputElement).value).toBe('700 Main St');
    expect((within(region()).getByLabelText('City') as HTMLInputElement).value).toBe('Denver');
    expect((within(region()).getByLabelText('State') as HTMLInputElement).value).toBe('CO');
    expect((within(region()).getByLabelText('Zip code') as HTMLInputElement).value).toBe('80202');
    expect((within(region()).getByLabelText('Country') as HTMLInputElement).value).toBe('United States');
    expect((within(region()).getByLabelText('Dealer email') as HTMLInputElement).value).toBe('ffl7@example.com');
    expect((within(region()).getByLabelText('Dealer phone') as HTMLInputElement).value).toBe('(303) 555-0100');
    expect(within(region()).getByText('FFL license ending 12347')).toBeTruthy();
    expect((region().querySelector('input[name="dealerId"]') as HTMLInputElement).value).toBe('7');
    expect(document.activeElement).toBe(within(region()).getByRole('heading', { name: 'Your dealer' }));
    expect(onChosen).toHaveBeenCalled();

    fireEvent.click(within(region()).getByRole('button', { name: 'Change dealer' }));
    expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
    expect(document.activeElement).toBe(within(search()).getByLabelText('Zip code'));
    expect((region().querySelector('input[name="dealerId"]') as HTMLInputElement).value).toBe('');
  });

  it('with no licensed dealer near, says so and links to the dealer locator and to dealer registration', async () => {
    start();
    await searchFor('59901');
    expect(await within(region()).findByText('No licensed dealers within 50 miles of 59901.')).toBeTruthy();
    expect(within(region()).getByRole('link', { name: 'Dealer locator (opens in a new tab)' }).getAttribute('href')).toBe('/dealer-locator');
    expect(within(region()).getByRole('link', { name: 'Ask your dealer to register (opens in a new tab)' }).getAttribute('href')).toBe('/dealer-registration');
    expect(screen.queryByTestId('dealer-map')).toBeNull();
  });

  it('an unknown zip, or none, is explained at the zip field', async () => {
    start();
    await searchFor('123');
    const zip = within(search()).getByLabelText('Zip code');
    expect(screen.getByRole('alert').textContent).toBe('Enter a 5-digit zip code to find dealers near you.');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    await searchFor('00000');
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find zip code 00000. Please check it and search again.');
  });

  it("offers a signed-in customer's last dealer first, without taking the focus", async () => {
    start(highPlains);
    expect(await within(region()).findByRole('heading', { name: 'Your last dealer' })).toBeTruthy();
    expect((within(region()).getByLabelText('Dealer name') as HTMLInputElement).value).toBe('High Plains Firearms');
    expect(document.activeElement).toBe(document.body);
  });
});
