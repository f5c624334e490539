/**
 * The collection pages' pure rules (catalogue-and-content.md section 4, "Collection tabs" and
 * "Filterable collection"): narrowing by filter values, shrinking the shown values, single-select
 * groups, the model group's visibility, text search, sort and the tabbed grid's active tab.
 * Views keep only the state (selection, query, sort, tab) and ask these functions what to show.
 */

/**
 * The rule "the model filter group appears only when a host manufacturer value is selected"
 * names two filter categories; they are spelled here only (the seed's categories in
 * server/seed/product-groups.ts).
 */
export const HOST_MANUFACTURER_CATEGORY = 'Host Manufacturer';
export const MODEL_CATEGORY = 'Model';

/** The tabbed grid's default tab (section 4). */
export const ALL_TAB = 'all';

export interface FilterableItem {
  title: string;
  subtitle: string;
  filterTags: ReadonlyArray<{ filterCategory: string; filterValue: string }>;
  /** The price a card shows; null (no price) sorts last in both price orders. */
  finalPrice?: number | null;
  /** The content service's creation order (its numeric id): a higher one is newer. */
  order?: number;
}

export interface FilterGroup {
  category: string;
  multi: boolean;
  values: readonly string[];
}

/** Checked values by category. A category with no (or an empty) list is not filtering. */
export type FilterSelection = Readonly<Record<string, readonly string[]>>;

/** Title orders of the spec (section 4), plus price both ways and newest (issue 19 item 2). */
export const SORT_ORDERS = ['title-asc', 'title-desc', 'price-asc', 'price-desc', 'newest'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT: SortOrder = 'title-asc';

/** What the sort control shows for each order. */
export const SORT_LABELS: Record<SortOrder, string> = {
  'title-asc': 'Title: A to Z',
  'title-desc': 'Title: Z to A',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};

export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === 'string' && (SORT_ORDERS as readonly string[]).includes(value);
}

export interface ShownFilterGroup {
  category: string;
  multi: boolean;
  /** The values offered: present in the matching items, plus the checked ones (so they can be unchecked). */
  values: string[];
  selected: string[];
  /** How many of the matching items carry each offered value: the result's size once it is checked. */
  counts: Record<string, number>;
}

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'accent' }) === 0;
const isModel = (category: string) => same(category, MODEL_CATEGORY);
const isHost = (category: string) => same(category, HOST_MANUFACTURER_CATEGORY);

function selectedIn(selection: FilterSelection, category: string): readonly string[] {
  return selection[category] ?? [];
}

/** True while any filter value is checked: Reset All is shown (section 4). */
export function hasActiveFilters(selection: FilterSelection): boolean {
  return Object.values(selection).some((values) => values.length > 0);
}

/** The model group is offered only while a host manufacturer value is checked (section 4). */
export function isGroupVisible(category: string, selection: FilterSelection): boolean {
  if (!isModel(category)) return true;
  return Object.entries(selection).some(([key, values]) => isHost(key) && values.length > 0);
}

/**
 * Checks or unchecks a value. Multi-select groups toggle the value in their list; single-select
 * groups hold at most one value (choosing the checked one again clears it). Unchecking the last
 * host manufacturer also clears the model group, which is then hidden and must not keep filtering.
 */
export function toggleFilterValue(selection: FilterSelection, group: Pick<FilterGroup, 'category' | 'multi'>, value: string): FilterSelection {
  const current = selectedIn(selection, group.category);
  const checked = current.includes(value);
  let values: string[];
  if (group.multi) values = checked ? current.filter((v) => v !== value) : [...current, value];
  else values = checked ? [] : [value];
  const next: Record<string, readonly string[]> = { ...selection, [group.category]: values };
  for (const category of Object.keys(next)) {
    if (next[category].length === 0) delete next[category];
  }
  for (const category of Object.keys(next)) {
    if (isModel(category) && !isGroupVisible(category, next)) delete next[category];
  }
  return next;
}

/**
 * "Checking filter values narrows the items" (section 4), read literally: every checked value is
 * one more condition, within a group as across groups. The item must carry every checked value of
 * every visible group (.308 Win and 6.5 Creedmoor: the rifles offered in both), so checking a
 * value never adds an item (decision 041).
 */
export function matchesSelection(item: FilterableItem, selection: FilterSelection): boolean {
  return Object.entries(selection).every(
    ([category, values]) =>
      !isGroupVisible(category, selection) ||
      values.every((value) => item.filterTags.some((tag) => tag.filterCategory === category && tag.filterValue === value)),
  );
}

/** Case-insensitive match of the text on title or subtitle; blank text matches everything (section 4). */
export function matchesQuery(item: Pick<FilterableItem, 'title' | 'subtitle'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('en-US');
  if (!needle) return true;
  return item.title.toLocaleLowerCase('en-US').includes(needle) || item.subtitle.toLocaleLowerCase('en-US').includes(needle);
}

/** Sorted by title, ascending or descending, ignoring case; ties keep their collection order. */
export function sortByTitle<T extends Pick<FilterableItem, 'title'>>(items: readonly T[], order: 'asc' | 'desc'): T[] {
  const sign = order === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => sign * a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true }));
}

const byTitle = (a: Pick<FilterableItem, 'title'>, b: Pick<FilterableItem, 'title'>) =>
  a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true });

/**
 * Sorted in one of the grid's orders. Price orders use the shown (final) price and put items
 * without a price last; newest is the content service's creation order, latest first. Ties fall
 * back to title A to Z, then keep their collection order.
 */
export function sortItems<T extends Pick<FilterableItem, 'title' | 'finalPrice' | 'order'>>(items: readonly T[], order: SortOrder): T[] {
  if (order === 'title-asc') return sortByTitle(items, 'asc');
  if (order === 'title-desc') return sortByTitle(items, 'desc');
  const key = (item: T): number | null => {
    if (order === 'newest') return typeof item.order === 'number' ? -item.order : null;
    const price = item.finalPrice ?? null;
    return price === null ? null : order === 'price-desc' ? -price : price;
  };
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? byTitle(a, b) : ka === null ? 1 : -1;
    return ka - kb || byTitle(a, b);
  });
}

/** The items the filterable grid shows: filter selection, then text search, then sort. */
export function filterCollection<T extends FilterableItem>(
  items: readonly T[],
  { selection, query, sort }: { selection: FilterSelection; query: string; sort: SortOrder | null },
): T[] {
  const matching = items.filter((item) => matchesSelection(item, selection) && matchesQuery(item, query));
  return sort ? sortItems(matching, sort) : matching;
}

/**
 * The filter sidebar: visible groups with their values shrunk to those present in the items that
 * match the current selection and search (section 4), keeping the group's own value order, each
 * with the count of matching items that carry it. A value no matching item carries is not
 * offered (unless checked, so it can be unchecked). A single-select group with a chosen value
 * shows only that value. Groups left with no value are not shown.
 */
export function shownFilterGroups(
  groups: readonly FilterGroup[],
  items: readonly FilterableItem[],
  selection: FilterSelection,
  query = '',
): ShownFilterGroup[] {
  const matching = items.filter((item) => matchesSelection(item, selection) && matchesQuery(item, query));
  const present = new Map<string, Map<string, number>>();
  for (const item of matching) {
    // An item tagged twice with one value counts once.
    for (const tag of new Set(item.filterTags.map((t) => JSON.stringify([t.filterCategory, t.filterValue])))) {
      const [category, value] = JSON.parse(tag) as [string, string];
      if (!present.has(category)) present.set(category, new Map());
      const counts = present.get(category)!;
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  return groups
    .filter((group) => isGroupVisible(group.category, selection))
    .map((group) => {
      const selected = group.values.filter((value) => selectedIn(selection, group.category).includes(value));
      const inItems = present.get(group.category) ?? new Map<string, number>();
      const values =
        !group.multi && selected.length > 0
          ? selected
          : group.values.filter((value) => selected.includes(value) || inItems.has(value));
      const counts = Object.fromEntries(values.map((value) => [value, inItems.get(value) ?? 0]));
      return { category: group.category, multi: group.multi, values, selected, counts };
    })
    .filter((group) => group.values.length > 0);
}

/** The tabbed grid's tabs: 'all', then each tag in the order items first carry it. */
export function collectionTabs(items: ReadonlyArray<{ tag: string | null }>): string[] {
  const tags: string[] = [];
  for (const item of items) {
    if (item.tag && !same(item.tag, ALL_TAB) && !tags.some((tag) => same(tag, item.tag!))) tags.push(item.tag);
  }
  return [ALL_TAB, ...tags];
}

/** The active tab from the URL's activeFilter: a known tag (any case), else 'all' (section 4). */
export function activeTab(param: string | null | undefined, tabs: readonly string[]): string {
  if (!param) return ALL_TAB;
  return tabs.find((tab) => same(tab, param)) ?? ALL_TAB;
}

/** The items of a tab: every item for 'all', else those with the tag. */
export function itemsOfTab<T extends { tag: string | null }>(items: readonly T[], tab: string): T[] {
  if (same(tab, ALL_TAB)) return [...items];
  return items.filter((item) => item.tag !== null && same(item.tag, tab));
}

/**
 * A selection restricted to what the collection offers: known groups and values only (a shared
 * link from an older collection must not filter on something the shopper cannot see or uncheck),
 * at most one value in a single-select group, and no model values without a host manufacturer.
 */
export function sanitizeSelection(selection: FilterSelection, groups: readonly FilterGroup[]): FilterSelection {
  const next: Record<string, readonly string[]> = {};
  for (const group of groups) {
    const known = (selection[group.category] ?? []).filter((value, index, all) => group.values.includes(value) && all.indexOf(value) === index);
    const values = group.multi ? known : known.slice(0, 1);
    if (values.length > 0) next[group.category] = values;
  }
  for (const category of Object.keys(next)) {
    if (isModel(category) && !isGroupVisible(category, next)) delete next[category];
  }
  return next;
}
