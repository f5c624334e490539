import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cmsDocuments, skus } from '../db/schema';
import { badRequest } from '../problem';
import { finalPriceCents } from '../catalogue/pricing';
import type { TaxCode } from '../../../src/domain/tax-codes';

/**
 * Build lines of the 3D builder (issue 9, decision 018). A build is one cart line: productId is
 * the builder's platform sku, buildId names the build, optionIds are the skus of its parts. The
 * builder's definition (the `builder` content page) says which parts exist and in which slot;
 * the skus table says what they cost, what is in stock and where they may not ship. Nothing the
 * browser sends about a build is believed beyond which parts it chose.
 */

export type SkuRow = typeof skus.$inferSelect;

export interface BuilderOption {
  id: string;
  label: string;
  sku: string;
}

export interface BuilderSlot {
  key: string;
  title: string;
  required: boolean;
  options: BuilderOption[];
}

export interface BuilderDefinition {
  platformSku: string;
  platformName: string;
  slots: BuilderSlot[];
}

/** What the browser sends about a line that matters to the build rules. */
export interface BuildLineInput {
  productId: string;
  buildId?: string;
  optionIds?: string[];
}

/** A checked build: its parts in slot order and the descriptions the server writes for it. */
export interface CheckedBuild {
  partSkus: string[];
  options: { label: string; value: string }[];
  notes: string;
}

/** `bld_` and 16-32 url-safe characters: made by the builder for each Add (decision 018). */
export const BUILD_ID_PATTERN = /^bld_[A-Za-z0-9_-]{16,32}$/;

/** The builder's definition as the content service serves it; null when there is no builder. */
const definitions = new WeakMap<Db, Promise<BuilderDefinition | null>>();

/**
 * The builder's definition, read once per database client until the catalogue changes (the app
 * calls forgetBuilderDefinition then, server/src/app.ts). Saves a cart add one statement
 * (tests/api/statement-counts.test.ts).
 */
export function builderDefinition(db: Db): Promise<BuilderDefinition | null> {
  let definition = definitions.get(db);
  if (!definition) {
    definition = loadBuilderDefinition(db);
    definitions.set(db, definition);
    definition.catch(() => definitions.delete(db));
  }
  return definition;
}

/** Drops the kept definition: the next read loads it again. */
export function forgetBuilderDefinition(db: Db): void {
  definitions.delete(db);
}

export async function loadBuilderDefinition(db: Db): Promise<BuilderDefinition | null> {
  const [row] = await db
    .select({ data: cmsDocuments.data })
    .from(cmsDocuments)
    .where(and(eq(cmsDocuments.kind, 'page'), eq(cmsDocuments.key, 'builder')));
  if (!row) return null;
  const data = row.data as {
    platform?: { sku?: string; product_name?: string };
    slots?: { key: string; title: string; required: boolean; options: BuilderOption[] }[];
  };
  if (!data.platform?.sku || !Array.isArray(data.slots)) return null;
  return {
    platformSku: data.platform.sku,
    platformName: data.platform.product_name ?? data.platform.sku,
    slots: data.slots.map((slot) => ({
      key: slot.key,
      title: slot.title,
      required: slot.required,
      options: slot.options.map(({ id, label, sku }) => ({ id, label, sku })),
    })),
  };
}

export const soldOnlyAsBuild = (definition: BuilderDefinition) =>
  badRequest(`${definition.platformName} (${definition.platformSku}) is sold only as a build from the 3D builder`);

/**
 * The platform sku without a buildId is refused: its price is only the base of a build, so on
 * its own it would sell a rifle without a barrel.
 */
export function refuseBarePlatform(definition: BuilderDefinition | null, line: BuildLineInput): void {
  if (definition && !line.buildId && line.productId === definition.platformSku) throw soldOnlyAsBuild(definition);
}

/**
 * Checks a line with a buildId against the builder's definition: the platform sku, a well-formed
 * buildId, only the builder's parts, at most one per slot, every required slot filled. Answers
 * the parts in slot order with the options and notes describing them; anything else is a 400
 * naming the problem.
 */
export function checkBuildLine(definition: BuilderDefinition | null, line: BuildLineInput): CheckedBuild {
  if (!definition) throw badRequest('The 3D builder is not available, so a line cannot carry a buildId');
  if (line.productId !== definition.platformSku) {
    throw badRequest(`A build's productId must be the builder's platform ${definition.platformSku}, not ${line.productId}`);
  }
  if (!line.buildId || !BUILD_ID_PATTERN.test(line.buildId)) {
    throw badRequest('buildId must be bld_ followed by 16 to 32 letters, digits, - or _');
  }
  const chosen = new Map<string, BuilderOption>();
  for (const sku of line.optionIds ?? []) {
    const slot = definition.slots.find((s) => s.options.some((o) => o.sku === sku));
    if (!slot) throw badRequest(`Unknown build part: ${sku}`);
    if (chosen.has(slot.key)) throw badRequest(`A build takes one ${slot.title}`);
    chosen.set(slot.key, slot.options.find((o) => o.sku === sku)!);
  }
  const missing = definition.slots.find((slot) => slot.required && !chosen.has(slot.key));
  if (missing) throw badRequest(`A build needs a ${missing.title}`);

  const picked = definition.slots.map((slot) => ({ slot, option: chosen.get(slot.key) }));
  return {
    partSkus: picked.flatMap(({ option }) => (option ? [option.sku] : [])),
    options: picked.flatMap(({ slot, option }) => (option ? [{ label: slot.title, value: option.label }] : [])),
    notes: picked.map(({ slot, option }) => `${slot.title}: ${option ? option.label : 'none'}`).join('; '),
  };
}

/** How a cart or order line is priced and where it may go, whether a plain sku or a build. */
export interface LineTerms {
  /** List unit price: what productPrice shows. */
  listCents: number;
  /** Unit price charged (after sale discounts). */
  unitCents: number;
  isFflItem: boolean;
  /** A handgun: only to a dealer in the buyer's state (decision 077; a build: its platform's). */
  isHandgun: boolean;
  /** Sales-tax code from the catalogue (a build: its platform's, decision 007 addendum). */
  taxCode: TaxCode;
  restrictedStates: string[];
  restrictedZips: string[];
}

export function skuTerms(row: SkuRow): LineTerms {
  return {
    listCents: row.priceCents,
    unitCents: finalPriceCents(row.priceCents, row.discountPercent),
    isFflItem: row.isFflItem,
    isHandgun: row.isHandgun,
    taxCode: row.taxCode,
    restrictedStates: row.restrictedStates,
    restrictedZips: row.restrictedZips,
  };
}

const union = (lists: string[][]) => [...new Set(lists.flat())];

/**
 * A build's terms: list = platform list + each part's list; unit = platform final + each part's
 * final (each sku's own discount); the platform's FFL flag; the union of every restriction.
 */
export function buildTerms(platform: SkuRow, parts: readonly SkuRow[]): LineTerms {
  const all = [skuTerms(platform), ...parts.map(skuTerms)];
  return {
    listCents: all.reduce((sum, t) => sum + t.listCents, 0),
    unitCents: all.reduce((sum, t) => sum + t.unitCents, 0),
    isFflItem: platform.isFflItem,
    isHandgun: platform.isHandgun,
    // A build is one line, the platform's (decision 018): taxed as a firearm, parts included.
    taxCode: platform.taxCode,
    restrictedStates: union(all.map((t) => t.restrictedStates)),
    restrictedZips: union(all.map((t) => t.restrictedZips)),
  };
}

/** The part skus a cart line holds: a build's optionIds; nothing for any other line. */
export function partSkusOf(item: { buildId: string | null; optionIds: (string | number)[] }): string[] {
  return item.buildId ? item.optionIds.map(String) : [];
}

/** One sku's stock a checkout needs, with what to tell the shopper when it is short. */
export interface StockNeed {
  sku: string;
  quantity: number;
  /** The catalogue row; undefined when the sku has left the catalogue. */
  row: SkuRow | undefined;
  /** For a part: the build's name and the slot it fills. */
  partOf?: { buildName: string; slotTitle: string };
}

/**
 * Stock a cart takes, by sku: each line's sku times its quantity and, for a build, each of its
 * parts too. The same sku in several lines (or builds) adds up.
 */
export function stockNeeds(
  rows: readonly { item: { quantity: number; buildId: string | null; optionIds: (string | number)[]; options: { label: string; value: string }[] }; sku: SkuRow; parts: readonly SkuRow[] }[],
): StockNeed[] {
  const needs = new Map<string, StockNeed>();
  const add = (sku: string, quantity: number, row: SkuRow | undefined, partOf?: StockNeed['partOf']) => {
    const need = needs.get(sku);
    if (need) need.quantity += quantity;
    else needs.set(sku, { sku, quantity, row, ...(partOf ? { partOf } : {}) });
  };
  for (const { item, sku, parts } of rows) {
    add(sku.sku, item.quantity, sku);
    partSkusOf(item).forEach((partSku, n) => {
      add(partSku, item.quantity, parts.find((p) => p.sku === partSku), {
        buildName: sku.productName,
        slotTitle: item.options[n]?.label ?? 'part',
      });
    });
  }
  return [...needs.values()];
}

/** The refusal of a checkout whose stock is short, naming the item (and the build it is part of). */
export function shortStockMessage(need: StockNeed): string {
  const left = Math.max(0, need.row?.qtyOnHand ?? 0);
  const name = need.row?.productName ?? need.sku;
  if (need.partOf) {
    const { buildName, slotTitle } = need.partOf;
    return left > 0
      ? `${buildName}: only ${left} of the ${name} left in stock. Please lower the quantity of the build.`
      : `${buildName}: the ${name} is out of stock. Please remove the build from your cart and choose another ${slotTitle} in the builder.`;
  }
  return left > 0
    ? `Only ${left} of ${name} left in stock. Please lower the quantity.`
    : `${name} is out of stock. Please remove it from your cart.`;
}
