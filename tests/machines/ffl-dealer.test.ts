import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connect } from '../../machines/ffl-dealer/ffl-dealer.connect';
import { chosenDealerOf, fflDealerMachine, stateRefusalOf } from '../../machines/ffl-dealer/ffl-dealer.machine';
import {
  CHOICE_DROPPED,
  LICENCE_EXPIRED,
  OUT_OF_STATE,
  SEARCH_FAILED,
  ZIP_NEEDED,
  ZIP_NOT_FOUND,
  type FflDealer,
  type FflDealerEvent,
  type FflDealerInput,
  type FflDealerReport,
  type LastDealerAnswer,
} from '../../machines/ffl-dealer/ffl-dealer.types';
import { milesToMetres, type LatLng } from '../../src/domain/distance';
import { createFakeActors } from './fake-actors';
import {
  byLabel,
  customer,
  dealers,
  denver,
  events,
  fflDealerModel,
  frontRange,
  gallatin,
  GEO_DONE,
  GEO_ERROR,
  guest,
  highPlains,
  labelOf,
  LAST_DONE,
  LAST_ERROR,
  LOAD_DONE,
  LOAD_ERROR,
  pikesPeak,
  zeroResults,
} from './ffl-dealer-model';
import { covering, createTimedTestModel, shortestPaths, replayPath, type ReplayablePath } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for the checkout's FFL dealer step (decision 029): SEARCH, CHOOSE, CHANGE, no
 * dealer near, an expired licence refused, the signed-in customer's last dealer, failures, and a
 * handgun only to a dealer in the billing state (decision 077). Every shortest path that takes a
 * step no other kept path takes (`fflDealerModel.stepKey`, decision 061) is replayed against a
 * real actor with fake list, geocoding and last-dealer calls; on every step the state and context
 * must be the model's and the step's promises hold: only a listed dealer with a current licence
 * (and, with a handgun, in the billing state) is ever chosen, the checkout is told of every choice and
 * every change, the list is strictly within the distance and nearest first, and the view gets
 * what the state says.
 */

function title(path: { state: { value: unknown }; steps: { event: { type: string } }[] }) {
  const steps = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  return `${JSON.stringify(path.state.value).replaceAll('"', '')} via ${steps.map(labelOf).join(' → ') || '(start)'}`;
}

const coverage = createTransitionCoverage(fflDealerMachine);
// The selected paths below are asked of the same model.
const model = createTimedTestModel(fflDealerModel.machine, fflDealerModel.options);

function startActor(input: FflDealerInput) {
  const fakes = createFakeActors();
  const reports: FflDealerReport[] = [];
  const actor = createActor(
    fflDealerMachine.provide({
      actors: {
        loadDealers: fakes.promise<FflDealer[]>('loadDealers'),
        geocode: fakes.promise<LatLng, { zip: string }>('geocode'),
        loadLastDealer: fakes.promise<LastDealerAnswer>('loadLastDealer'),
      },
      // Run on its own, the step's reports to the checkout are recorded instead of sent.
      actions: {
        reportChosen: ({ context }) => reports.push({ type: 'dealer.chosen', dealer: chosenDealerOf(context.chosen!) }),
        reportCleared: () => reports.push({ type: 'dealer.cleared' }),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  actor.start();
  return { actor, fakes, reports };
}

type Sut = ReturnType<typeof startActor>;

function pathParams({ actor, fakes, reports }: Sut) {
  const snapshot = () => actor.getSnapshot();

  const invariants = (model: { value: unknown; context: unknown }) => {
    const current = snapshot();
    const { context } = current;
    expect(current.value).toEqual(model.value);
    expect(context).toEqual(model.context);

    // One call at a time, each in its own state.
    expect(fakes.isRunning('loadDealers')).toBe(current.matches({ finding: { searching: 'loading' } }));
    expect(fakes.isRunning('geocode')).toBe(current.matches({ finding: { searching: 'locating' } }));
    expect(fakes.isRunning('loadLastDealer')).toBe(current.matches('recalling'));
    // The list is loaded once; the geocoder is asked only for a 5-digit zip; the last dealer once.
    expect(fakes.callsOf('loadDealers').length).toBeLessThanOrEqual(2);
    for (const input of fakes.callsOf('geocode')) expect(input).toEqual({ zip: expect.stringMatching(/^\d{5}$/) });
    expect(fakes.callsOf('loadLastDealer').length).toBeLessThanOrEqual(1);
    expect(context.zip).toMatch(/^\d{0,5}$/);

    // Only a listed dealer with a current licence is ever chosen, and the checkout knows it; with
    // a handgun in the cart, only one in the buyer's state (decision 077).
    expect(current.matches('chosen')).toBe(context.chosen !== null);
    if (context.chosen) expect(context.chosen.licenceCurrent).toBe(true);
    if (context.chosen) expect(stateRefusalOf(context, context.chosen)).toBeNull();
    const last = reports.at(-1);
    if (current.matches('chosen')) expect(last).toEqual({ type: 'dealer.chosen', dealer: chosenDealerOf(context.chosen!) });
    else expect(last === undefined || last.type === 'dealer.cleared').toBe(true);
    // Reports alternate: a choice, then its change.
    reports.forEach((report, index) => expect(report.type).toBe(index % 2 === 0 ? 'dealer.chosen' : 'dealer.cleared'));

    // The list: strictly within the searched distance, nearest first; results has a licensed
    // dealer, noneNear has none.
    if (current.matches({ finding: 'results' }) || current.matches({ finding: 'noneNear' })) {
      const limit = milesToMetres(context.searched!.radius);
      const distances = context.results.map((d) => d.distanceMetres!);
      expect(distances.every((metres) => metres < limit)).toBe(true);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(context.results.some((d) => d.licenceCurrent)).toBe(current.matches({ finding: 'results' }));
    }
    if (current.matches({ finding: 'searching' })) expect(context.results).toEqual([]);
    if (context.highlightedId !== null) expect(context.results.map((d) => d.id)).toContain(context.highlightedId);
    // A handgun's refusal names the state of the billing address when it was made (decision 077).
    const handgunReasons = ['Colorado', 'Wyoming'].flatMap((state) => {
      const reason = `Handguns go to a dealer in ${state}, the state of your billing address`;
      return [OUT_OF_STATE(reason), ...dealers.map((d) => CHOICE_DROPPED(d.name, reason))];
    });
    if (context.refusal !== null) expect([LICENCE_EXPIRED, ...handgunReasons]).toContain(context.refusal);
    if (current.matches({ finding: 'failed' })) expect([SEARCH_FAILED, ZIP_NOT_FOUND(context.searched!.zip)]).toContain(context.error);

    // What the view is given.
    const view = connect(current, actor.send);
    const status = current.matches('recalling')
      ? 'recalling'
      : current.matches('chosen')
        ? 'chosen'
        : current.matches({ finding: 'searching' })
          ? 'searching'
          : current.matches({ finding: 'results' })
            ? 'results'
            : current.matches({ finding: 'noneNear' })
              ? 'noneNear'
              : current.matches({ finding: 'failed' })
                ? 'failed'
                : 'idle';
    expect(view.status).toBe(status);
    expect(view.chosen === null).toBe(status !== 'chosen');
    if (view.chosen) {
      expect(view.chosen).toMatchObject({ dealerId: context.chosen!.id, dealerName: context.chosen!.name, dealerCountry: 'United States', isLast: context.chosenIsLast });
    }
    expect(view.results.length > 0).toBe((status === 'results' || status === 'noneNear') && context.results.length > 0);
    expect(view.results.every((card) => / mi$/.test(card.distanceLabel))).toBe(true);
    for (const card of view.results) {
      const outOfState = stateRefusalOf(context, card) !== null;
      expect(card.choosable).toBe(card.licenceCurrent && !outOfState);
      const home = { CO: 'Colorado', WY: 'Wyoming' }[context.buyerState];
      expect(card.unavailable).toBe(!card.licenceCurrent ? 'License expired' : outOfState ? `Handguns: ${home} dealers only` : null);
    }
    expect(view.handgunNote !== null).toBe(context.handguns);
  };

  const send = ({ event }: { event: FflDealerEvent }) => {
    actor.send(event);
  };

  const execs: Record<string, unknown> = {};
  for (const event of events) if (!event.type.startsWith('xstate.')) execs[event.type] = send;
  Object.assign(execs, {
    [LOAD_DONE]: async ({ event }: { event: { output: FflDealer[] } }) => fakes.resolve('loadDealers', event.output),
    [LOAD_ERROR]: async ({ event }: { event: { error: unknown } }) => fakes.reject('loadDealers', event.error),
    [GEO_DONE]: async ({ event }: { event: { output: LatLng } }) => fakes.resolve('geocode', event.output),
    [GEO_ERROR]: async ({ event }: { event: { error: unknown } }) => fakes.reject('geocode', event.error),
    [LAST_DONE]: async ({ event }: { event: { output: LastDealerAnswer } }) => fakes.resolve('loadLastDealer', event.output),
    [LAST_ERROR]: async ({ event }: { event: { error: unknown } }) => fakes.reject('loadLastDealer', event.error),
  });

  return {
    states: {
      recalling: invariants,
      'finding.idle': invariants,
      'finding.searching.loading': invariants,
      'finding.searching.locating': invariants,
      'finding.results': invariants,
      'finding.noneNear': invariants,
      'finding.failed': invariants,
      chosen: invariants,
    },
    events: execs,
  };
}

const runPath = (path: ReplayablePath, input: FflDealerInput) => replayPath(path, () => startActor(input), pathParams);

const PINNED_GUEST = 94;
const PINNED_INTO_CHOSEN_GUEST = 48;
const PINNED_INTO_CHOSEN_CUSTOMER = 42;
const PINNED_CUSTOMER = 4;
const [ofGuest, ofCustomer] = shortestPaths(fflDealerModel);

describe('FFL dealer step: shortest paths of a guest', () => {
  const { paths } = ofGuest;
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(PINNED_GUEST);
  });
  for (const path of paths) it(title(path), coverage.counted(() => runPath(path, guest)));
});

describe('FFL dealer step: shortest paths of a signed-in customer', () => {
  const { paths } = ofCustomer;
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(PINNED_CUSTOMER);
  });
  for (const path of paths) it(title(path), coverage.counted(() => runPath(path, customer)));
});

/**
 * Transitions no shortest path ends with (their target is reached sooner another way). A guest's
 * only: getPathsFromEvents starts from the machine without input; the customer's own sequences are
 * in the rules below.
 */
const selected: [FflDealerInput, string[]][] = [
  // A second SEARCH while the first is under way is ignored.
  [guest, ['type 80202', 'SEARCH', 'SEARCH', 'dealers', 'at Denver']],
 // CHANGE goes back to the list the dealer was chosen from.
  [guest, ['type 80202', '100 mi', 'SEARCH', 'dealers', 'at Denver', 'CHOOSE Front Range', 'CHANGE', 'CHOOSE Pikes Peak (expired)']],
  // Decision 077: a handgun billed in Colorado; the Wyoming dealer is refused, Colorado's taken,
  // then the billing state moves to Wyoming and the choice is dropped, back to the same list.
  [guest, ['handgun in cart', 'billing Colorado', 'type 80202', '100 mi', 'SEARCH', 'dealers', 'at Denver', 'CHOOSE High Plains (Wyoming)', 'CHOOSE Front Range', 'billing Wyoming']],
];

/*
 * The FFL rule as a target (issue 20 item 5): every shortest way into a chosen dealer (those
 * taking a step of their own), a guest's or a signed-in customer's (their last dealer), ends with
 * a dealer whose licence is current and, with a handgun, in the billing state (decision 077),
 * and with that dealer reported to the checkout. On top of the checks of every step above.
 */
describe('FFL dealer step: no way into a chosen dealer without a current licence', () => {
  for (const [who, input, pinned] of [
    ['a guest', guest, PINNED_INTO_CHOSEN_GUEST],
    ['a signed-in customer', customer, PINNED_INTO_CHOSEN_CUSTOMER],
  ] as const) {
    const paths = covering(model.getShortestPaths({ input, toState: (state) => state.matches('chosen') }), fflDealerModel.stepKey!);
    it(`has ${pinned} shortest ways into a chosen dealer for ${who}`, () => {
      expect(paths.length).toBe(pinned);
    });
    for (const path of paths) {
      it(`${who}: ${title(path)}`, coverage.counted(async () => {
        const sut = startActor(input);
        try {
          await path.test(pathParams(sut) as never);
          const { context } = sut.actor.getSnapshot();
          expect(sut.actor.getSnapshot().matches('chosen')).toBe(true);
          expect(context.chosen?.licenceCurrent).toBe(true);
          expect(sut.reports.at(-1)).toEqual({ type: 'dealer.chosen', dealer: chosenDealerOf(context.chosen!) });
        } finally {
          sut.actor.stop();
        }
      }));
    }
  }
});

describe('FFL dealer step: selected paths', () => {
  const paths = selected.flatMap(([input, labels]) =>
    model.getPathsFromEvents(labels.map((label) => byLabel.get(label)!), { input }).map((path) => ({ path, input })),
  );
  it('has one path per selected sequence', coverage.counted(() => {
    expect(paths.length).toBe(selected.length);
  }));
  for (const { path, input } of paths) it(title(path), coverage.counted(() => runPath(path, input)));
});

describe('FFL dealer step: rules', () => {
  it('lists nearest first within the distance, greys an expired licence, and refuses to choose it', coverage.counted(async () => {
    const { actor, fakes, reports } = startActor(guest);
    actor.send({ type: 'dealer.zip.change', zip: '80202' });
    actor.send({ type: 'dealer.radius.change', radius: 100 });
    actor.send({ type: 'dealer.search' });
    await fakes.resolve('loadDealers', dealers);
    await fakes.resolve('geocode', denver);
    const view = connect(actor.getSnapshot(), actor.send);
    expect(view.results.map((card) => [card.name, card.choosable])).toEqual([
      ['Front Range Gun Works', true],
      ['Pikes Peak Shooting Supply', false],
      ['High Plains Firearms', true],
    ]);
    actor.send({ type: 'dealer.choose', id: pikesPeak.id });
    expect(actor.getSnapshot().value).toEqual({ finding: 'results' });
    expect(connect(actor.getSnapshot(), actor.send).refusal).toBe(LICENCE_EXPIRED);
    expect(reports).toEqual([]);
    actor.send({ type: 'dealer.choose', id: highPlains.id });
    expect(reports).toEqual([{ type: 'dealer.chosen', dealer: chosenDealerOf(highPlains) }]);
    expect(chosenDealerOf(highPlains)).toMatchObject({ dealerId: 5, dealerState: 'WY', dealerZip: '82001', dealerCountry: 'United States' });
    actor.stop();
  }));

  it('a dealer not in the list cannot be chosen', coverage.counted(async () => {
    const { actor, fakes, reports } = startActor(guest);
    actor.send({ type: 'dealer.zip.change', zip: '80202' });
    actor.send({ type: 'dealer.search' });
    await fakes.resolve('loadDealers', dealers);
    await fakes.resolve('geocode', denver);
    actor.send({ type: 'dealer.choose', id: gallatin.id });
    expect(actor.getSnapshot().value).toEqual({ finding: 'results' });
    expect(reports).toEqual([]);
    actor.stop();
  }));

  it('the billing zip is the default until the shopper types their own', coverage.counted(() => {
    const { actor } = startActor(guest);
    actor.send({ type: 'dealer.zip.suggest', zip: '83702-1234' });
    expect(actor.getSnapshot().context.zip).toBe('83702');
    // A blank address zip (shipping just unticked) leaves the search's as it was.
    actor.send({ type: 'dealer.zip.suggest', zip: '' });
    expect(actor.getSnapshot().context.zip).toBe('83702');
    actor.send({ type: 'dealer.zip.change', zip: '59715' });
    actor.send({ type: 'dealer.zip.suggest', zip: '83702' });
    expect(actor.getSnapshot().context.zip).toBe('59715');
    actor.stop();
  }));

  it('asks for a 5-digit zip before searching, and asks nothing', coverage.counted(() => {
    const { actor, fakes } = startActor(guest);
    actor.send({ type: 'dealer.search' });
    expect(connect(actor.getSnapshot(), actor.send).error).toBe(ZIP_NEEDED);
    expect(fakes.callsOf('loadDealers')).toHaveLength(0);
    actor.stop();
  }));

  it('an unknown zip says so; the next search asks the geocoder again but not the list', coverage.counted(async () => {
    const { actor, fakes } = startActor(guest);
    actor.send({ type: 'dealer.zip.change', zip: '00000' });
    actor.send({ type: 'dealer.search' });
    await fakes.resolve('loadDealers', dealers);
    await fakes.reject('geocode', zeroResults);
    expect(connect(actor.getSnapshot(), actor.send).error).toBe('We could not find zip code 00000. Please check it and search again.');
    actor.send({ type: 'dealer.zip.change', zip: '80202' });
    actor.send({ type: 'dealer.search' });
    await fakes.resolve('geocode', denver);
    expect(fakes.callsOf('loadDealers')).toHaveLength(1);
    expect(fakes.callsOf('geocode')).toEqual([{ zip: '00000' }, { zip: '80202' }]);
    actor.stop();
  }));

  it('no answer about the last dealer: the shopper searches as a guest would', coverage.counted(async () => {
    const { actor, fakes, reports } = startActor(customer);
    await fakes.reject('loadLastDealer', new Error('Network Error'));
    expect(actor.getSnapshot().value).toEqual({ finding: 'idle' });
    expect(connect(actor.getSnapshot(), actor.send).error).toBeNull();
    actor.send({ type: 'dealer.zip.change', zip: '80202' });
    actor.send({ type: 'dealer.search' });
    await fakes.resolve('loadDealers', dealers);
    await fakes.resolve('geocode', denver);
    actor.send({ type: 'dealer.choose', id: frontRange.id });
    expect(reports).toEqual([{ type: 'dealer.chosen', dealer: chosenDealerOf(frontRange) }]);
    expect(connect(actor.getSnapshot(), actor.send).chosen?.isLast).toBe(false);
    actor.stop();
  }));

  it("a customer's last dealer is chosen at once, and CHANGE goes to an empty search", coverage.counted(async () => {
    const { actor, fakes, reports } = startActor(customer);
    expect(actor.getSnapshot().value).toBe('recalling');
    await fakes.resolve('loadLastDealer', { dealer: gallatin });
    const view = connect(actor.getSnapshot(), actor.send);
    expect(view.chosen).toMatchObject({ dealerName: 'Gallatin Range Supply', isLast: true, licenceEnding: '12343' });
    view.change();
    expect(actor.getSnapshot().value).toEqual({ finding: 'idle' });
    expect(reports.map((r) => r.type)).toEqual(['dealer.chosen', 'dealer.cleared']);
    // Asked once per checkout.
    actor.send({ type: 'dealer.recall' });
    expect(fakes.callsOf('loadLastDealer')).toHaveLength(1);
    actor.stop();
  }));
});

describe('FFL dealer step: a handgun goes to a dealer in the billing state (decision 077)', () => {
  async function listNearDenver(input: FflDealerInput) {
    const sut = startActor(input);
    sut.actor.send({ type: 'dealer.residence.change', state: 'CO' });
    sut.actor.send({ type: 'dealer.zip.change', zip: '80202' });
    sut.actor.send({ type: 'dealer.radius.change', radius: 100 });
    sut.actor.send({ type: 'dealer.search' });
    await sut.fakes.resolve('loadDealers', dealers);
    await sut.fakes.resolve('geocode', denver);
    return sut;
  }

  it('greys the dealers of other states with the reason, says why, and refuses to choose one', coverage.counted(async () => {
    const { actor, reports } = await listNearDenver({ handguns: true });
    const view = connect(actor.getSnapshot(), actor.send);
    expect(view.results.map((card) => [card.name, card.choosable, card.unavailable])).toEqual([
      ['Front Range Gun Works', true, null],
      ['Pikes Peak Shooting Supply', false, 'License expired'],
      ['High Plains Firearms', false, 'Handguns: Colorado dealers only'],
    ]);
    expect(view.handgunState).toBe('Colorado');
    expect(view.handgunNote).toContain('it goes to a dealer in Colorado, the state of your billing address');
    actor.send({ type: 'dealer.choose', id: highPlains.id });
    expect(actor.getSnapshot().value).toEqual({ finding: 'results' });
    expect(connect(actor.getSnapshot(), actor.send).refusal).toBe(
      'Handguns go to a dealer in Colorado, the state of your billing address. Please choose a dealer there.',
    );
    expect(reports).toEqual([]);
    actor.stop();
  }));

  it('a rifle keeps every licensed dealer, whatever the billing state', coverage.counted(async () => {
    const { actor } = await listNearDenver(guest);
    const view = connect(actor.getSnapshot(), actor.send);
    expect(view.results.filter((card) => card.choosable).map((card) => card.name)).toEqual(['Front Range Gun Works', 'High Plains Firearms']);
    expect(view.handgunNote).toBeNull();
    actor.stop();
  }));

  it('the choice is checked again when the billing state changes, and when a handgun joins the cart', coverage.counted(async () => {
    const { actor, reports } = await listNearDenver(guest);
    actor.send({ type: 'dealer.choose', id: highPlains.id });
    // The billing state moves, or the cart changes, while it holds only a rifle: the choice stays.
    actor.send({ type: 'dealer.residence.change', state: 'UT' });
    actor.send({ type: 'dealer.handguns.change', handguns: false });
    expect(actor.getSnapshot().matches('chosen')).toBe(true);
    actor.send({ type: 'dealer.residence.change', state: 'CO' });
    // A handgun joins the cart: Wyoming's dealer is dropped, with the reason, back at the list.
    actor.send({ type: 'dealer.handguns.change', handguns: true });
    expect(actor.getSnapshot().value).toEqual({ finding: 'results' });
    expect(connect(actor.getSnapshot(), actor.send).refusal).toBe(
      'High Plains Firearms cannot receive this order: Handguns go to a dealer in Colorado, the state of your billing address. Please choose another dealer.',
    );
    actor.send({ type: 'dealer.choose', id: frontRange.id });
    // The billing state changes to Wyoming: Colorado's dealer is dropped in turn.
    actor.send({ type: 'dealer.residence.change', state: 'WY' });
    expect(actor.getSnapshot().value).toEqual({ finding: 'results' });
    expect(reports.map((r) => r.type)).toEqual(['dealer.chosen', 'dealer.cleared', 'dealer.chosen', 'dealer.cleared']);
    actor.send({ type: 'dealer.choose', id: highPlains.id });
    expect(actor.getSnapshot().context.chosen?.id).toBe(highPlains.id);
    actor.stop();
  }));

  it("a customer's last dealer in another state is not offered for a handgun", coverage.counted(async () => {
    const { actor, fakes, reports } = startActor({ recall: true, handguns: true });
    actor.send({ type: 'dealer.residence.change', state: 'CO' });
    await fakes.resolve('loadLastDealer', { dealer: gallatin });
    expect(actor.getSnapshot().value).toEqual({ finding: 'idle' });
    expect(reports).toEqual([]);
    actor.stop();
  }));
});

describe('FFL dealer step: transition coverage', () => {
  itCoversEveryTransition(coverage, 'FFL dealer step');
});
