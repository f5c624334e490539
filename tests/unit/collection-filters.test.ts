import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeTab,
  ALL_TAB,
  collectionTabs,
  filterCollection,
  hasActiveFilters,
  HOST_MANUFACTURER_CATEGORY,
  isGroupVisible,
  itemsOfTab,
  matchesQuery,
  matchesSelection,
  MODEL_CATEGORY,
  shownFilterGroups,
  sortByTitle,
  toggleFilterValue,
  type FilterGroup,
  type FilterableItem,
  type FilterSelection,
} from '../../src/domain/collection-filters';

const item = (title: string, tags: [string, string][], subtitle = ''): FilterableItem => ({
  title,
  subtitle,
  filterTags: tags.map(([filterCategory, filterValue]) => ({ filterCategory, filterValue })),
});

const rifles = [
  item('RK-15 Carbine', [['Caliber', '5.56 NATO'], ['Caliber', '.300 BLK'], ['Action', 'Semi-Auto'], [HOST_MANUFACTURER_CATEGORY, 'Ridgeline Arms'], [MODEL_CATEGORY, 'RK-15']], 'Lightweight 16" carbine'),
  item('RK-15 Ember Edition', [['Caliber', '5.56 NATO'], ['Action', 'Semi-Auto'], [HOST_MANUFACTURER_CATEGORY, 'Ridgeline Custom Shop'], [MODEL_CATEGORY, 'RK-15']]),
  item('Summit Bolt-Action', [['Caliber', '6.5 Creedmoor'], ['Caliber', '.308 Win'], ['Action', 'Bolt-Action'], [HOST_MANUFACTURER_CATEGORY, 'Ridgeline Arms'], [MODEL_CATEGORY, 'Summit']], 'Sub-MOA hunter'),
  item('Trailhand Lever-Action', [['Caliber', '.30-30 Win'], ['Action', 'Lever-Action'], [HOST_MANUFACTURER_CATEGORY, 'Ridgeline Arms'], [MODEL_CATEGORY, 'Trailhand']]),
];

const groups: FilterGroup[] = [
  { category: 'Caliber', multi: true, values: ['5.56 NATO', '.300 BLK', '.308 Win', '6.5 Creedmoor', '.30-30 Win', '.22 LR'] },
  { category: 'Action', multi: false, values: ['Semi-Auto', 'Bolt-Action', 'Lever-Action'] },
  { category: HOST_MANUFACTURER_CATEGORY, multi: true, values: ['Ridgeline Arms', 'Ridgeline Custom Shop'] },
  { category: MODEL_CATEGORY, multi: true, values: ['RK-15', 'Summit', 'Trailhand'] },
];

const titles = (items: readonly FilterableItem[]) => items.map((i) => i.title);
const group = (category: string) => groups.find((g) => g.category === category)!;

describe('narrowing (AND across groups, OR within a group)', () => {
  it('keeps items that carry a checked value in every filtering group', () => {
    expect(titles(rifles.filter((i) => matchesSelection(i, { Caliber: ['5.56 NATO'] })))).toEqual(['RK-15 Carbine', 'RK-15 Ember Edition']);
    expect(titles(rifles.filter((i) => matchesSelection(i, { Caliber: ['5.56 NATO', '.30-30 Win'] })))).toEqual([
      'RK-15 Carbine',
      'RK-15 Ember Edition',
      'Trailhand Lever-Action',
    ]);
    expect(
      titles(rifles.filter((i) => matchesSelection(i, { Caliber: ['5.56 NATO'], [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Custom Shop'] }))),
    ).toEqual(['RK-15 Ember Edition']);
  });

  it('treats an empty list as no filter', () => {
    expect(rifles.every((i) => matchesSelection(i, { Caliber: [] }))).toBe(true);
    expect(hasActiveFilters({ Caliber: [] })).toBe(false);
    expect(hasActiveFilters({ Caliber: ['.22 LR'] })).toBe(true);
  });

  it('ignores a model selection while no host manufacturer is checked', () => {
    expect(rifles.every((i) => matchesSelection(i, { [MODEL_CATEGORY]: ['Summit'] }))).toBe(true);
  });
});

describe('toggleFilterValue', () => {
  it('toggles values of a multi-select group', () => {
    let selection: FilterSelection = {};
    selection = toggleFilterValue(selection, group('Caliber'), '5.56 NATO');
    selection = toggleFilterValue(selection, group('Caliber'), '.308 Win');
    expect(selection).toEqual({ Caliber: ['5.56 NATO', '.308 Win'] });
    selection = toggleFilterValue(selection, group('Caliber'), '5.56 NATO');
    expect(selection).toEqual({ Caliber: ['.308 Win'] });
    expect(toggleFilterValue(selection, group('Caliber'), '.308 Win')).toEqual({});
  });

  it('holds at most one value in a single-select group', () => {
    const chosen = toggleFilterValue({}, group('Action'), 'Semi-Auto');
    expect(toggleFilterValue(chosen, group('Action'), 'Bolt-Action')).toEqual({ Action: ['Bolt-Action'] });
    expect(toggleFilterValue(chosen, group('Action'), 'Semi-Auto')).toEqual({});
  });

  it('clears the model group when the last host manufacturer is unchecked', () => {
    let selection = toggleFilterValue({}, group(HOST_MANUFACTURER_CATEGORY), 'Ridgeline Arms');
    selection = toggleFilterValue(selection, group(MODEL_CATEGORY), 'Summit');
    expect(selection).toEqual({ [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Arms'], [MODEL_CATEGORY]: ['Summit'] });
    expect(toggleFilterValue(selection, group(HOST_MANUFACTURER_CATEGORY), 'Ridgeline Arms')).toEqual({});
  });
});

describe('shownFilterGroups', () => {
  const shown = (selection: FilterSelection) =>
    Object.fromEntries(shownFilterGroups(groups, rifles, selection).map((g) => [g.category, g.values]));

  it('offers only values present in the items, and no model group without a host manufacturer', () => {
    expect(shown({})).toEqual({
      Caliber: ['5.56 NATO', '.300 BLK', '.308 Win', '6.5 Creedmoor', '.30-30 Win'],
      Action: ['Semi-Auto', 'Bolt-Action', 'Lever-Action'],
      [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Arms', 'Ridgeline Custom Shop'],
    });
  });

  it('shrinks the values to those of the matching items', () => {
    expect(shown({ Caliber: ['5.56 NATO'] })).toEqual({
      Caliber: ['5.56 NATO', '.300 BLK'],
      Action: ['Semi-Auto'],
      [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Arms', 'Ridgeline Custom Shop'],
    });
  });

  it('shows the model group once a host manufacturer is checked', () => {
    expect(shown({ [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Arms'] })[MODEL_CATEGORY]).toEqual(['RK-15', 'Summit', 'Trailhand']);
    expect(isGroupVisible(MODEL_CATEGORY, {})).toBe(false);
    expect(isGroupVisible('Caliber', {})).toBe(true);
  });

  it('hides the other values of a single-select group once one is chosen', () => {
    expect(shown({ Action: ['Bolt-Action'] }).Action).toEqual(['Bolt-Action']);
  });

  it('keeps checked values offered even when no item matches, so they can be unchecked', () => {
    const result = shownFilterGroups(groups, rifles, { Caliber: ['.30-30 Win'], [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Custom Shop'] });
    expect(result.find((g) => g.category === 'Caliber')?.values).toEqual(['.30-30 Win']);
    expect(result.find((g) => g.category === HOST_MANUFACTURER_CATEGORY)?.selected).toEqual(['Ridgeline Custom Shop']);
  });
});

describe('search and sort', () => {
  it('matches title or subtitle case-insensitively', () => {
    expect(matchesQuery(rifles[0], 'carbine')).toBe(true);
    expect(matchesQuery(rifles[0], 'LIGHTWEIGHT')).toBe(true);
    expect(matchesQuery(rifles[0], 'summit')).toBe(false);
    expect(matchesQuery(rifles[0], '   ')).toBe(true);
  });

  it('sorts by title ascending and descending, ignoring case', () => {
    const items = [item('bravo', []), item('Alpha', []), item('charlie', [])];
    expect(titles(sortByTitle(items, 'asc'))).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(titles(sortByTitle(items, 'desc'))).toEqual(['charlie', 'bravo', 'Alpha']);
  });

  it('combines filters, search and sort', () => {
    expect(titles(filterCollection(rifles, { selection: { Action: ['Semi-Auto'] }, query: 'rk-15', sort: 'desc' }))).toEqual([
      'RK-15 Ember Edition',
      'RK-15 Carbine',
    ]);
    expect(filterCollection(rifles, { selection: {}, query: 'no such rifle', sort: 'asc' })).toEqual([]);
  });
});

describe('tabs', () => {
  const tagged = [{ tag: 'Compact' }, { tag: 'Full-Size' }, { tag: null }, { tag: 'compact' }, { tag: 'Frames' }];

  it("lists 'all' then each tag once, in item order", () => {
    expect(collectionTabs(tagged)).toEqual([ALL_TAB, 'Compact', 'Full-Size', 'Frames']);
  });

  it("reads the active tab from activeFilter, 'all' for a missing or unknown value", () => {
    const tabs = collectionTabs(tagged);
    expect(activeTab(null, tabs)).toBe(ALL_TAB);
    expect(activeTab('Nope', tabs)).toBe(ALL_TAB);
    expect(activeTab('full-size', tabs)).toBe('Full-Size');
  });

  it('shows every item on all and the tagged items on a tag', () => {
    expect(itemsOfTab(tagged, ALL_TAB)).toHaveLength(5);
    expect(itemsOfTab(tagged, 'Compact')).toEqual([{ tag: 'Compact' }, { tag: 'compact' }]);
  });
});

describe('properties', () => {
  const categories = ['Caliber', 'Action', HOST_MANUFACTURER_CATEGORY, MODEL_CATEGORY];
  const values = ['a', 'b', 'c', 'd'];
  const tagArb = fc.record({ filterCategory: fc.constantFrom(...categories), filterValue: fc.constantFrom(...values) });
  const itemArb = fc.record({ title: fc.string({ maxLength: 8 }), subtitle: fc.string({ maxLength: 8 }), filterTags: fc.array(tagArb, { maxLength: 6 }) });
  const groupsArb = fc.tuple(...categories.map((category) => fc.record({ category: fc.constant(category), multi: fc.boolean(), values: fc.constant(values) })));
  const clicksArb = fc.array(fc.tuple(fc.nat({ max: categories.length - 1 }), fc.constantFrom(...values)), { maxLength: 8 });

  const applyClicks = (gs: FilterGroup[], clicks: [number, string][]) =>
    clicks.reduce<FilterSelection>((selection, [g, value]) => toggleFilterValue(selection, gs[g], value), {});

  it('filtering never adds items and keeps their order', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 12 }), groupsArb, clicksArb, fc.string({ maxLength: 3 }), (items, gs, clicks, query) => {
        const result = filterCollection(items, { selection: applyClicks(gs, clicks), query, sort: null });
        let last = -1;
        for (const found of result) {
          const index = items.indexOf(found, last + 1);
          expect(index).toBeGreaterThan(last);
          last = index;
        }
      }),
    );
  });

  it('checking a value in a group not yet filtering never adds items', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 12 }), groupsArb, clicksArb, fc.nat({ max: 2 }), fc.constantFrom(...values), (items, gs, clicks, g, value) => {
        const before = applyClicks(gs, clicks);
        fc.pre(!(before[gs[g].category]?.length));
        const after = toggleFilterValue(before, gs[g], value);
        const count = (selection: FilterSelection) => items.filter((i) => matchesSelection(i, selection)).length;
        expect(count(after)).toBeLessThanOrEqual(count(before));
      }),
    );
  });

  it('every offered value that is not checked has at least one matching item, and choosing it keeps that item', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 12 }), groupsArb, clicksArb, (items, gs, clicks) => {
        const selection = applyClicks(gs, clicks);
        for (const shown of shownFilterGroups(gs, items, selection)) {
          for (const value of shown.values.filter((v) => !shown.selected.includes(v))) {
            const matching = items.filter(
              (i) => matchesSelection(i, selection) && i.filterTags.some((t) => t.filterCategory === shown.category && t.filterValue === value),
            );
            expect(matching.length).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it('a chosen single-select value hides the others; the model group shows only with a host manufacturer', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 12 }), groupsArb, clicksArb, (items, gs, clicks) => {
        const selection = applyClicks(gs, clicks);
        const shown = shownFilterGroups(gs, items, selection);
        for (const g of shown) {
          if (!g.multi && g.selected.length > 0) expect(g.values).toEqual(g.selected);
        }
        const hostChecked = (selection[HOST_MANUFACTURER_CATEGORY]?.length ?? 0) > 0;
        if (!hostChecked) expect(shown.some((g) => g.category === MODEL_CATEGORY)).toBe(false);
        if (!hostChecked) expect(selection[MODEL_CATEGORY]).toBeUndefined();
      }),
    );
  });

  it('sorting is a permutation, descending is ascending reversed for distinct titles', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 10 }), (names) => {
        const items = names.map((name) => item(name, []));
        const asc = titles(sortByTitle(items, 'asc'));
        expect([...asc].sort()).toEqual([...names].sort());
        expect(titles(sortByTitle(items, 'desc'))).toEqual([...asc].reverse());
      }),
    );
  });
});
