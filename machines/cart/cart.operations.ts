import type { BatchNotice, Cart, CartItem, CartLineInput, CartOperation, CartRequest } from './cart.types';
import { MAX_LINE_QUANTITY } from './cart.types';

/*
 * Pure rules of the cart's line operations (shop-core.md sections 4 and 8), shared by the cart
 * machine and its connect() helper.
 */

function sameOptionIds(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = [...(a ?? [])].sort();
  const right = [...(b ?? [])].sort();
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

type LineIdentity = Pick<CartLineInput, 'productId' | 'optionIds'> & { buildId?: string | null };

/** Two lines are one: the same product (sku), the same options and the same build. */
export function isSameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.productId === b.productId && sameOptionIds(a.optionIds, b.optionIds) && (a.buildId ?? null) === (b.buildId ?? null);
}

/**
 * The cart line a new line would join: the same product (sku), the same options and the same
 * build, as the server matches them (openapi/shop.yaml, addCartItems).
 */
export function findSameLine(cart: Cart | null, line: CartLineInput): CartItem | undefined {
  return cart?.items.find((item) => isSameLine(item, line));
}

/** A cart's lines as they can be added to another cart (what an add needs to make them again). */
export function cartLines(cart: Cart): CartLineInput[] {
  return cart.items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    options: item.options.map(({ label, value }) => ({ label, value })),
    optionIds: [...item.optionIds],
    ...(item.buildId ? { buildId: item.buildId } : {}),
  }));
}

/**
 * What a queued operation becomes against the cart of the moment it runs: adding a product
 * already in the cart is an update of its quantity by the added quantity (1 from a product
 * page), capped at the contract's 99.
 */
export function resolveOperation(cart: Cart | null, operation: CartOperation): CartRequest {
  if (operation.kind !== 'add') {
    if (operation.kind === 'delete') return operation;
    const item = cart?.items.find((candidate) => candidate.id === operation.itemId);
    return { ...operation, productName: item?.productName ?? '' };
  }
  const batch = batchOf(operation);
  const existing = findSameLine(cart, operation.line);
  if (!existing) return { kind: 'add', line: operation.line, ...batch };
  return {
    kind: 'update',
    itemId: existing.id,
    quantity: Math.min(MAX_LINE_QUANTITY, existing.quantity + operation.line.quantity),
    productName: existing.productName,
    ...batch,
  };
}

function batchOf(notice: BatchNotice): BatchNotice {
  return {
    ...(notice.quiet ? { quiet: true as const } : {}),
    ...(notice.together ? { together: notice.together } : {}),
  };
}

/**
 * The queued adds of a line and its add-ons (issue 19 item 8): in order, all quiet but the last,
 * whose notice names every one of them. A line alone is one add with its own notice.
 */
export function addOperations(line: CartLineInput, addOns: readonly CartLineInput[] = []): CartOperation[] {
  if (addOns.length === 0) return [{ kind: 'add', line }];
  const lines = [line, ...addOns];
  return lines.map((each, index) =>
    index < lines.length - 1 ? { kind: 'add', line: each, quiet: true } : { kind: 'add', line: each, together: lines },
  );
}

/** "A", "A and B", "A, B and C". */
function listNames(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function lineName(cart: Cart, line: CartLineInput): string {
  return findSameLine(cart, line)?.productName ?? line.productName ?? line.productId;
}

/** A quantity the contract accepts: a whole number from 0 (remove) to 99. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 0 && quantity <= MAX_LINE_QUANTITY;
}

/** Whether a removal of the line (delete, or quantity 0) is already queued or running. */
export function isRemovalQueued(queue: readonly CartOperation[], itemId: number): boolean {
  return queue.some(
    (operation) =>
      (operation.kind === 'delete' && operation.itemId === itemId) ||
      (operation.kind === 'update' && operation.itemId === itemId && operation.quantity === 0),
  );
}

/**
 * The quantity a line will have once the queued operations have run: the last queued update of
 * it, else the cart's. Undefined for a line not in the cart. A changed quantity is measured
 * against this, so "2 -> 3 -> 2" typed quickly still ends at 2.
 */
export function projectedQuantity(cart: Cart | null, queue: readonly CartOperation[], itemId: number): number | undefined {
  const item = cart?.items.find((candidate) => candidate.id === itemId);
  if (!item) return undefined;
  let quantity = item.quantity;
  for (const operation of queue) {
    if (operation.kind === 'update' && operation.itemId === itemId) quantity = operation.quantity;
    if (operation.kind === 'delete' && operation.itemId === itemId) quantity = 0;
  }
  return quantity;
}

/**
 * The success message of a finished change (section 8), or null: removals (delete, quantity 0)
 * have none. The product name comes from the answer when the line is in it.
 */
export function changeNotice(request: CartRequest, cart: Cart): string | null {
  if (request.kind !== 'delete' && request.quiet) return null;
  if (request.kind !== 'delete' && request.together) {
    return `You added ${listNames(request.together.map((line) => lineName(cart, line)))} to your shopping cart`;
  }
  if (request.kind === 'add') return `You added ${lineName(cart, request.line)} to your shopping cart`;
  if (request.kind === 'update' && request.quantity > 0) {
    const name = cart.items.find((item) => item.id === request.itemId)?.productName ?? request.productName;
    return `You updated ${name} in your shopping cart`;
  }
  return null;
}
