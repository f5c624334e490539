import type { CartLineInput } from '../../src/domain/cart-line';
import type { BuilderDefinition, BuilderSelection } from '../../src/domain/builder-build';

/**
 * The 3D builder's configuration (catalogue-and-content.md sections 2 and 4; decision 019): the
 * option chosen per slot of the builder definition, priced from the catalogue.
 */

export type { BuilderDefinition, BuilderSelection, CartLineInput };

export interface BuilderInput {
  /** The builder definition with the catalogue's prices and stock (src/features/builder/map-builder.ts). */
  definition: BuilderDefinition;
}

export interface BuilderContext {
  definition: BuilderDefinition;
  selection: BuilderSelection;
  /** The build id of the last build added to the cart (a new one for every Add). */
  lastBuildId: string | null;
}

export type BuilderEvent =
  /** Choose an option of a slot; null leaves an optional slot empty (no optic). */
  | { type: 'builder.choose'; slot: string; optionId: string | null }
  /** Add build to cart: one cart line with a new build id. */
  | { type: 'builder.add' };
