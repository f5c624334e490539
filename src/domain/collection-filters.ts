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
}

export interface FilterGroup {
  category: string;
  multi: boolean;
  values: readonly string[];
}

/** Checked values by category. A category with no (or an empty) list is not filtering. */
export type FilterSelection = Readonly<Record<string, readonly string[]>>;

export type SortOrder = 'asc' | 'desc';

export interface ShownFilterGroup {
  category: string;
  multi: boolean;
  /** The values offered: present in the matching items, plus the checked ones (so they can be unchecked). */
  values: string[];
  selected: string[];
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

/** AND across groups, OR within a group: the item has a checked value in every filtering group. */
export function matchesSelection(item: FilterableItem, selection: FilterSelection): boolean {
  return Object.entries(selection).every(
    ([category, values]) =>
      values.length === 0 ||
      !isGroupVisible(category, selection) ||
      item.filterTags.some((tag) => tag.filterCategory === category && values.includes(tag.filterValue)),
  );
}

/** Case-insensitive match of the text on title or subtitle; blank text matches everything (section 4). */
export function matchesQuery(item: Pick<FilterableItem, 'title' | 'subtitle'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('en-US');
  if (!needle) return true;
  return item.title.toLocaleLowerCase('en-US').includes(needle) || item.subtitle.toLocaleLowerCase('en-US').includes(needle);
}

/** Sorted by title, ascending or descending, ignoring case; ties keep their collection order. */
export function sortByTitle<T extends Pick<FilterableItem, 'title'>>(items: readonly T[], order: SortOrder): T[] {
  const sign = order === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => sign * a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true }));
}

/** The items the filterable grid shows: filter selection, then text search, then sort. */
export function filterCollection<T extends FilterableItem>(
  items: readonly T[],
  { selection, query, sort }: { selection: FilterSelection; query: string; sort: SortOrder | null },
): T[] {
  const matching = items.filter((item) => matchesSelection(item, selection) && matchesQuery(item, query));
  return sort ? sortByTitle(matching, sort) : matching;
}

/**
 * The filter sidebar: visible groups with their values shrunk to those present in the items that
 * match the current selection (section 4), keeping the group's own value order. A single-select
 * group with a chosen value shows only that value. Groups left with no value are not shown.
 */
export function shownFilterGroups(
  groups: readonly FilterGroup[],
  items: readonly FilterableItem[],
  selection: FilterSelection,
): ShownFilterGroup[] {
  const matching = items.filter((item) => matchesSelection(item, selection));
  const present = new Map<string, Set<string>>();
  for (const item of matching) {
    for (const tag of item.filterTags) {
      if (!present.has(tag.filterCategory)) present.set(tag.filterCategory, new Set());
      present.get(tag.filterCategory)!.add(tag.filterValue);
    }
  }
  return groups
    .filter((group) => isGroupVisible(group.category, selection))
    .map((group) => {
      const selected = group.values.filter((value) => selectedIn(selection, group.category).includes(value));
      const inItems = present.get(group.category) ?? new Set<string>();
      const values =
        !group.multi && selected.length > 0
          ? selected
          : group.values.filter((value) => selected.includes(value) || inItems.has(value));
      return { category: group.category, multi: group.multi, values, selected };
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
