import { toCartLine, type CartLineInput } from './cart-line';
import type { PartModel, ShownPart } from './builder-protocol';

/**
 * The 3D builder's configuration rules (catalogue-and-content.md sections 2, 3 "Cart line payload",
 * 4; docs/decisions/019-3d-builder.md): the builder definition priced from the catalogue, the
 * choices per slot, the price lines and total, and the one cart line a build becomes.
 */

/** A sku's price and stock from the price map (final price: the discounted price, else the price). */
export interface PartPrice {
  price: number;
  finalPrice: number;
  qtyOnHand: number;
}

export interface BuilderOption {
  id: string;
  label: string;
  /** The catalogue sku that prices the option (and the build line's optionId). */
  sku: string;
  /** For the 3D engine only, e.g. { length: 16 } or { color: '#5b5140' }. */
  model: PartModel;
  /** Null when the price map has no entry for the sku: such an option cannot be chosen. */
  price: PartPrice | null;
}

export interface BuilderSlot {
  key: string;
  title: string;
  required: boolean;
  options: BuilderOption[];
}

export interface BuilderPlatform {
  sku: string;
  productName: string;
  productUrl: string;
  imageUrl: string | null;
  fflItem: boolean;
  receiverItem: boolean;
  restrictedStates: string[];
  restrictedZips: string[];
  price: PartPrice | null;
}

export interface BuilderDefinition {
  platform: BuilderPlatform;
  /** In the definition's order: stock, barrel, handguard, optic, finish. */
  slots: BuilderSlot[];
}

/** The chosen option id per slot key; null for an optional slot left empty ("no optic"). */
export type BuilderSelection = Record<string, string | null>;

/** An option can be chosen when it is priced and in stock (a sold-out part is shown, disabled). */
export function isOptionAvailable(option: BuilderOption): boolean {
  return option.price !== null && option.price.qtyOnHand > 0;
}

export function isPlatformAvailable(platform: BuilderPlatform): boolean {
  return platform.price !== null && platform.price.qtyOnHand > 0;
}

/** Every required slot has an available option and the platform itself can be sold. */
export function isBuildable(definition: BuilderDefinition): boolean {
  return (
    definition.slots.length > 0 &&
    isPlatformAvailable(definition.platform) &&
    definition.slots.every((slot) => !slot.required || slot.options.some(isOptionAvailable))
  );
}

/**
 * The starting build: in every slot the first available part included at no charge (the base
 * build), else the first available part (none where a slot has none).
 */
export function defaultSelection(definition: BuilderDefinition): BuilderSelection {
  return Object.fromEntries(
    definition.slots.map((slot) => {
      const available = slot.options.filter(isOptionAvailable);
      const included = available.find((option) => option.price!.finalPrice === 0);
      return [slot.key, (included ?? available[0])?.id ?? null];
    }),
  );
}

/**
 * Whether choosing `optionId` (null: leave the slot empty) in `slotKey` is allowed: a slot of the
 * definition, an available option of it, or empty only for an optional slot.
 */
export function isChoosable(definition: BuilderDefinition, slotKey: string, optionId: string | null): boolean {
  const slot = definition.slots.find((candidate) => candidate.key === slotKey);
  if (!slot) return false;
  if (optionId === null) return !slot.required;
  const option = slot.options.find((candidate) => candidate.id === optionId);
  return option !== undefined && isOptionAvailable(option);
}

export function chosenOption(slot: BuilderSlot, selection: BuilderSelection): BuilderOption | null {
  const id = selection[slot.key];
  return slot.options.find((option) => option.id === id) ?? null;
}

/** A complete build: every required slot holds an available option, and only such options are held. */
export function isComplete(definition: BuilderDefinition, selection: BuilderSelection): boolean {
  return (
    isPlatformAvailable(definition.platform) &&
    definition.slots.every((slot) => {
      const option = chosenOption(slot, selection);
      if (!option) return !slot.required && (selection[slot.key] ?? null) === null;
      return isOptionAvailable(option);
    })
  );
}

export interface PriceLine {
  /** 'platform' or the slot key. */
  key: string;
  /** The platform's name, or the slot's title. */
  label: string;
  /** The chosen option's label ('None' for an empty optional slot); null for the platform. */
  choice: string | null;
  price: number;
  finalPrice: number;
}

export interface BuildPrice {
  lines: PriceLine[];
  /** Σ list prices. */
  price: number;
  /** Σ final prices (what the server will charge, as it prices the line itself). */
  finalPrice: number;
}

/** Cents, so sums of dollar amounts do not drift (0.1 + 0.2). */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * The price breakdown (decision 019, like the server's rule): the platform's line, then one line
 * per slot in order; the total list price is Σ list prices, the total final price Σ final prices.
 */
export function buildPrice(definition: BuilderDefinition, selection: BuilderSelection): BuildPrice {
  const { platform } = definition;
  const lines: PriceLine[] = [
    { key: 'platform', label: platform.productName, choice: null, price: platform.price?.price ?? 0, finalPrice: platform.price?.finalPrice ?? 0 },
    ...definition.slots.map((slot) => {
      const option = chosenOption(slot, selection);
      return {
        key: slot.key,
        label: slot.title,
        choice: option?.label ?? 'None',
        price: option?.price?.price ?? 0,
        finalPrice: option?.price?.finalPrice ?? 0,
      };
    }),
  ];
  return {
    lines,
    price: lines.reduce((sum, line) => sum + cents(line.price), 0) / 100,
    finalPrice: lines.reduce((sum, line) => sum + cents(line.finalPrice), 0) / 100,
  };
}

/** "Stock: Carbine; Barrel: 16 in.; …; Optic: none; Finish: Flat Dark Earth" (the builder interface). */
export function buildNotes(definition: BuilderDefinition, selection: BuilderSelection): string {
  return definition.slots.map((slot) => `${slot.title}: ${chosenOption(slot, selection)?.label ?? 'none'}`).join('; ');
}

/** The parts the engine shows, in slot order (an empty slot is left out). */
export function shownParts(definition: BuilderDefinition, selection: BuilderSelection): ShownPart[] {
  return definition.slots.flatMap((slot) => {
    const option = chosenOption(slot, selection);
    return option ? [{ slot: slot.key, optionId: option.id, label: option.label, model: option.model }] : [];
  });
}

const BUILD_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const BUILD_ID_PATTERN = /^bld_[A-Za-z0-9_-]{16,32}$/;

/** `bld_` + 24 url-safe random characters, new for every Add (two Adds are two lines). */
export function createBuildId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(24));
  return `bld_${Array.from(bytes, (byte) => BUILD_ID_ALPHABET[byte & 63]).join('')}`;
}

/**
 * The one cart line of a build (the builder interface, point 2): the platform's sku and name,
 * quantity 1, the build id, the chosen options' skus in slot order as optionIds, each slot's title
 * and choice as options, the notes, and the platform's FFL flag and restrictions. The prices sent
 * are the ones shown; the server prices the line itself.
 */
export function buildCartLine(definition: BuilderDefinition, selection: BuilderSelection, buildId: string): CartLineInput {
  const { platform } = definition;
  const total = buildPrice(definition, selection);
  const chosen = definition.slots.flatMap((slot) => {
    const option = chosenOption(slot, selection);
    return option ? [{ id: option.sku, label: slot.title, value: option.label }] : [];
  });
  return toCartLine({
    productName: platform.productName,
    sku: platform.sku,
    quantity: 1,
    imageUrl: platform.imageUrl,
    price: total.price,
    finalPrice: total.finalPrice,
    productUrl: platform.productUrl,
    fflItem: platform.fflItem,
    receiverItem: platform.receiverItem,
    options: chosen,
    buildId,
    notes: buildNotes(definition, selection),
    restrictedStates: platform.restrictedStates,
    restrictedZips: platform.restrictedZips,
  });
}
