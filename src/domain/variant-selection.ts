/**
 * Variant selection on product pages (catalogue-and-content.md section 4, "Variant selection"):
 * selects are ordered; the options offered by a select are those some sku has given the earlier
 * choices; choosing one resets every later select to its first valid option (or empty when it has
 * none); the sku matching every choice decides price, stock and image. Pure functions, shared by
 * the product views and any machine (no I/O, no React).
 */

export interface SelectOption {
  id: string;
  label: string;
  value: string;
}

export interface VariantSelect {
  /** The variant type's id (its documentId); skus name their option per select by this id. */
  id: string;
  label: string;
  options: readonly SelectOption[];
}

/** A sku as this module sees it: its option value per select id. */
export interface SkuChoice {
  sku: string;
  variants: Readonly<Record<string, string>>;
}

/** The chosen option value per select, in select order; null where nothing can be chosen. */
export type Selection = readonly (string | null)[];

/** True when the sku agrees with the selection on every select before `upTo` (exclusive). */
function agreesBefore(selects: readonly VariantSelect[], sku: SkuChoice, selection: Selection, upTo: number): boolean {
  for (let i = 0; i < upTo; i += 1) {
    if (selection[i] === null || selection[i] === undefined) return false;
    if (sku.variants[selects[i].id] !== selection[i]) return false;
  }
  return true;
}

/** The options of select `index` that some sku has, given the choices of the earlier selects. */
export function validOptions(
  selects: readonly VariantSelect[],
  skus: readonly SkuChoice[],
  selection: Selection,
  index: number,
): SelectOption[] {
  const select = selects[index];
  if (!select) return [];
  const candidates = skus.filter((sku) => agreesBefore(selects, sku, selection, index));
  return select.options.filter((option) => candidates.some((sku) => sku.variants[select.id] === option.value));
}

/** Which selects start, and reset to, nothing chosen ('Choose'): apparel's size (decision 042). */
export type StartsEmpty = (select: VariantSelect) => boolean;

/**
 * Fills selects from `from` on with their first valid option (or null), keeping earlier choices.
 * A select that `startsEmpty` stays empty, and so do the selects after it.
 */
function fillFrom(
  selects: readonly VariantSelect[],
  skus: readonly SkuChoice[],
  selection: Selection,
  from: number,
  startsEmpty: StartsEmpty,
): (string | null)[] {
  const next = selects.map((_, i) => (i < from ? (selection[i] ?? null) : null));
  for (let i = from; i < selects.length; i += 1) {
    if (startsEmpty(selects[i])) break;
    next[i] = validOptions(selects, skus, next, i)[0]?.value ?? null;
  }
  return next;
}

/**
 * The starting selection: every select on its first valid option, in order. A select for which
 * `startsEmpty` answers true (apparel's size, decision 042) starts with nothing chosen, and so do
 * the selects after it.
 */
export function initialSelection(
  selects: readonly VariantSelect[],
  skus: readonly SkuChoice[],
  startsEmpty: StartsEmpty = () => false,
): (string | null)[] {
  return fillFrom(selects, skus, [], 0, startsEmpty);
}

/**
 * Chooses `value` on select `index`; later selects reset to their first valid option (or null),
 * except a select that `startsEmpty`, which resets to nothing chosen, as it started.
 * Any option of the select may be chosen, also one no sku has after the earlier choices (the page
 * shows it struck through, decision 042): then the later selects have nothing valid and empty.
 * A value the select does not offer changes nothing.
 */
export function choose(
  selects: readonly VariantSelect[],
  skus: readonly SkuChoice[],
  selection: Selection,
  index: number,
  value: string,
  startsEmpty: StartsEmpty = () => false,
): (string | null)[] {
  const current = selects.map((_, i) => selection[i] ?? null);
  if (!selects[index]?.options.some((option) => option.value === value)) return current;
  const withChoice = current.map((v, i) => (i === index ? value : v));
  return fillFrom(selects, skus, withChoice, index + 1, startsEmpty);
}

/** How an option shows (decision 042): 'available', 'sold-out' (made, none on hand) or 'unavailable' (not made with the earlier choices). */
export type OptionState = 'available' | 'sold-out' | 'unavailable';

/**
 * Every option of select `index` with its state, given the earlier choices (later choices do not
 * count: choosing here resets them). `inStock` says whether a sku has stock on hand.
 */
export function optionStates<T extends SkuChoice>(
  selects: readonly VariantSelect[],
  skus: readonly T[],
  selection: Selection,
  index: number,
  inStock: (sku: T) => boolean,
): { option: SelectOption; state: OptionState }[] {
  const select = selects[index];
  if (!select) return [];
  const candidates = skus.filter((sku) => agreesBefore(selects, sku, selection, index));
  return select.options.map((option) => {
    const made = candidates.filter((sku) => sku.variants[select.id] === option.value);
    const state: OptionState = made.length === 0 ? 'unavailable' : made.some(inStock) ? 'available' : 'sold-out';
    return { option, state };
  });
}

/** The first select with nothing chosen that has something to choose, or -1 (Add to Cart asks for it). */
export function missingChoice(selects: readonly VariantSelect[], skus: readonly SkuChoice[], selection: Selection): number {
  return selects.findIndex((_, i) => (selection[i] ?? null) === null && validOptions(selects, skus, selection, i).length > 0);
}

/** The skus agreeing with every choice made so far (a select with nothing chosen matches any). */
export function candidateSkus<T extends SkuChoice>(selects: readonly VariantSelect[], skus: readonly T[], selection: Selection): T[] {
  return skus.filter((sku) => selects.every((select, i) => selection[i] == null || sku.variants[select.id] === selection[i]));
}

/**
 * The sku matching every choice, or null. A product without selects is its first sku (the spec's
 * noVariants case, section 3).
 */
export function matchingSku<T extends SkuChoice>(selects: readonly VariantSelect[], skus: readonly T[], selection: Selection): T | null {
  if (selects.length === 0) return skus[0] ?? null;
  return skus.find((sku) => agreesBefore(selects, sku, selection, selects.length)) ?? null;
}

/** The first available item (section 4: "The first available colour is auto-selected"), or null. */
export function firstAvailable<T>(items: readonly T[], isAvailable: (item: T) => boolean = () => true): T | null {
  return items.find(isAvailable) ?? null;
}
