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
  sanitizeSelection,
  shownFilterGroups,
  sortByTitle,
  sortItems,
  SORT_ORDERS,
  toggleFilterValue,
  type FilterGroup,
  type FilterableItem,
  type FilterSelection,
} from '../../src/domain/collection-filters';
import { parseCollectionView, serializeCollectionView, type CollectionView } from '../../src/domain/collection-query';

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

describe('narrowing (every checked value is one more condition, within and across groups)', () => {
  it('keeps items that carry every checked value', () => {
    expect(titles(rifles.filter((i) => matchesSelection(i, { Caliber: ['5.56 NATO'] })))).toEqual(['RK-15 Carbine', 'RK-15 Ember Edition']);
    // A second caliber narrows to the rifles offered in both (issue 19: it used to add Trailhand).
    expect(titles(rifles.filter((i) => matchesSelection(i, { Caliber: ['5.56 NATO', '.300 BLK'] })))).toEqual(['RK-15 Carbine']);
    expect(titles(rifles.filter((i) => matchesSelection(i, { Caliber: ['5.56 NATO', '.30-30 Win'] })))).toEqual([]);
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

  it('counts the matching items that carry each value, search included', () => {
    const caliber = (selection: FilterSelection, query = '') =>
      shownFilterGroups(groups, rifles, selection, query).find((g) => g.category === 'Caliber')?.counts;
    expect(caliber({})).toEqual({ '5.56 NATO': 2, '.300 BLK': 1, '.308 Win': 1, '6.5 Creedmoor': 1, '.30-30 Win': 1 });
    expect(caliber({ Caliber: ['5.56 NATO'] })).toEqual({ '5.56 NATO': 2, '.300 BLK': 1 });
    expect(caliber({}, 'summit')).toEqual({ '.308 Win': 1, '6.5 Creedmoor': 1 });
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

  it('sorts by price both ways (items without a price last) and newest first', () => {
    const priced = [
      { ...item('Bravo', []), finalPrice: 200, order: 1 },
      { ...item('Alpha', []), finalPrice: null, order: 3 },
      { ...item('Charlie', []), finalPrice: 100, order: 2 },
      { ...item('Delta', []), finalPrice: 200, order: 4 },
    ];
    expect(titles(sortItems(priced, 'price-asc'))).toEqual(['Charlie', 'Bravo', 'Delta', 'Alpha']);
    expect(titles(sortItems(priced, 'price-desc'))).toEqual(['Bravo', 'Delta', 'Charlie', 'Alpha']);
    expect(titles(sortItems(priced, 'newest'))).toEqual(['Delta', 'Alpha', 'Charlie', 'Bravo']);
    expect(titles(sortItems(priced, 'title-desc'))).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
  });

  it('combines filters, search and sort', () => {
    expect(titles(filterCollection(rifles, { selection: { Action: ['Semi-Auto'] }, query: 'rk-15', sort: 'title-desc' }))).toEqual([
      'RK-15 Ember Edition',
      'RK-15 Carbine',
    ]);
    expect(filterCollection(rifles, { selection: {}, query: 'no such rifle', sort: 'title-asc' })).toEqual([]);
  });
});

describe('sanitizeSelection', () => {
  it('keeps only offered groups and values, one value in a single-select group, no model without a host', () => {
    expect(
      sanitizeSelection(
        { Caliber: ['.308 Win', 'bogus', '.308 Win'], Action: ['Semi-Auto', 'Bolt-Action'], Colour: ['Red'], [MODEL_CATEGORY]: ['Summit'] },
        groups,
      ),
    ).toEqual({ Caliber: ['.308 Win'], Action: ['Semi-Auto'] });
    expect(sanitizeSelection({ [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Arms'], [MODEL_CATEGORY]: ['Summit'] }, groups)).toEqual({
      [HOST_MANUFACTURER_CATEGORY]: ['Ridgeline Arms'],
      [MODEL_CATEGORY]: ['Summit'],
    });
  });
});

describe('the view in the URL', () => {
  it('writes one filter.<category> per checked value, sort and q only when set, and keeps other parameters', () => {
    const params = serializeCollectionView(
      { selection: { Caliber: ['.308 Win', '6.5 Creedmoor'] }, query: 'summit', sort: 'price-asc' },
      new URLSearchParams('utm_source=mail&q=old&filter.Action=Semi-Auto'),
    );
    expect(params.toString()).toBe('utm_source=mail&filter.Caliber=.308+Win&filter.Caliber=6.5+Creedmoor&sort=price-asc&q=summit');
    expect(serializeCollectionView({ selection: {}, query: '', sort: 'title-asc' }).toString()).toBe('');
  });

  it('reads an unknown sort as the default and a repeated value once', () => {
    expect(parseCollectionView(new URLSearchParams('sort=cheapest&filter.Caliber=a&filter.Caliber=a&filter.=x&filter.Action='))).toEqual({
      selection: { Caliber: ['a'] },
      query: '',
      sort: 'title-asc',
    });
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

  it('checking a value never adds items, in any group, with or without a search (issue 19 item 2)', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 12 }),
        groupsArb,
        clicksArb,
        fc.nat({ max: categories.length - 1 }),
        fc.constantFrom(...values),
        fc.string({ maxLength: 2 }),
        (items, gs, clicks, g, value, query) => {
          const before = applyClicks(gs, clicks);
          // Checking, not unchecking; a single-select group's second choice replaces the first.
          fc.pre(!(before[gs[g].category] ?? []).includes(value) && (gs[g].multi || !before[gs[g].category]?.length));
          const after = toggleFilterValue(before, gs[g], value);
          const shown = (selection: FilterSelection) => filterCollection(items, { selection, query, sort: null });
          const afterItems = shown(after);
          const beforeItems = shown(before);
          expect(afterItems.length).toBeLessThanOrEqual(beforeItems.length);
          for (const found of afterItems) expect(beforeItems).toContain(found);
        },
      ),
    );
  });

  it("an offered value's count is the result's size once it is checked", () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 12 }), groupsArb, clicksArb, fc.string({ maxLength: 2 }), (items, gs, clicks, query) => {
        const selection = applyClicks(gs, clicks);
        for (const shown of shownFilterGroups(gs, items, selection, query)) {
          for (const value of shown.values.filter((v) => !shown.selected.includes(v))) {
            if (!shown.multi) continue;
            const group = gs.find((candidate) => candidate.category === shown.category)!;
            const next = toggleFilterValue(selection, group, value);
            expect(filterCollection(items, { selection: next, query, sort: null })).toHaveLength(shown.counts[value]);
          }
        }
      }),
    );
  });

  it('the URL round-trips the view: parse(serialize(view)) equals view', () => {
    const text = fc.string({ minLength: 1, maxLength: 6 });
    const viewArb = fc.record({
      selection: fc.dictionary(text, fc.uniqueArray(text, { minLength: 1, maxLength: 3 }), { maxKeys: 4 }),
      query: fc.string({ maxLength: 6 }),
      sort: fc.constantFrom(...SORT_ORDERS),
    });
    fc.assert(
      fc.property(viewArb, (view: CollectionView) => {
        expect(parseCollectionView(serializeCollectionView(view))).toEqual(view);
        // Through the text of a real address too.
        expect(parseCollectionView(new URL(`https://shop.test/c?${serializeCollectionView(view)}`).searchParams)).toEqual(view);
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

  it('every sort order is a permutation of the result', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: fc.string({ maxLength: 4 }), finalPrice: fc.option(fc.nat({ max: 50 })), order: fc.nat({ max: 20 }) }), { maxLength: 10 }),
        fc.constantFrom(...SORT_ORDERS),
        (items, order) => {
          const sorted = sortItems(items, order);
          expect(sorted).toHaveLength(items.length);
          for (const entry of items) expect(sorted).toContain(entry);
        },
      ),
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
