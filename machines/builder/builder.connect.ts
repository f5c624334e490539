import type { SnapshotFrom } from 'xstate';
import { buildPrice, isOptionAvailable, isPlatformAvailable, shownParts } from '../../src/domain/builder-build';
import { discountLabel, formatPrice } from '../../src/domain/money';
import type { builderMachine } from './builder.machine';
import type { BuilderEvent } from './builder.types';

type BuilderSnapshot = SnapshotFrom<typeof builderMachine>;
type Send = (event: BuilderEvent) => void;

/** The value of the "none" choice of an optional slot in a radio group. */
export const NO_OPTION = '';

export interface OptionView {
  /** The radio value: the option id, or NO_OPTION for "none". */
  value: string;
  label: string;
  /** The final price ('Included' for $0), or the unavailable reason. */
  priceText: string;
  /** The list price, struck through, when discounted. */
  originalPriceText: string | null;
  discountText: string | null;
  available: boolean;
  /** 'Sold out' or 'Not available' for an option that cannot be chosen; null otherwise. */
  unavailableText: string | null;
  /** The option's swatch colour (finishes), from its model. */
  color: string | null;
}

export interface SlotView {
  key: string;
  title: string;
  required: boolean;
  /** The chosen radio value. */
  value: string;
  /** The chosen option's label, or 'None'. */
  choiceLabel: string;
  options: OptionView[];
  choose: (value: string) => void;
}

export interface PriceLineView {
  key: string;
  label: string;
  choice: string | null;
  priceText: string;
  originalPriceText: string | null;
  discountText: string | null;
}

const priceTextOf = (amount: number) => (amount === 0 ? 'Included' : formatPrice(amount));

/** A builder snapshot as the page needs it: slots and their options, price lines, total and intents. */
export function connect(snapshot: BuilderSnapshot, send: Send) {
  const { definition, selection, lastBuildId } = snapshot.context;
  const total = buildPrice(definition, selection);
  const totalDiscount = discountLabel(total.price, total.finalPrice);

  const slots: SlotView[] = definition.slots.map((slot) => {
    const options: OptionView[] = slot.options.map((option) => {
      const available = isOptionAvailable(option);
      const price = option.price;
      const discount = price ? discountLabel(price.price, price.finalPrice) : null;
      return {
        value: option.id,
        label: option.label,
        priceText: price ? priceTextOf(price.finalPrice) : '',
        originalPriceText: price && discount ? formatPrice(price.price) : null,
        discountText: discount,
        available,
        unavailableText: available ? null : price ? 'Sold out' : 'Not available',
        color: typeof option.model.color === 'string' ? option.model.color : null,
      };
    });
    if (!slot.required) {
      options.unshift({
        value: NO_OPTION,
        label: `No ${slot.title.toLowerCase()}`,
        priceText: priceTextOf(0),
        originalPriceText: null,
        discountText: null,
        available: true,
        unavailableText: null,
        color: null,
      });
    }
    const chosen = slot.options.find((option) => option.id === selection[slot.key]);
    return {
      key: slot.key,
      title: slot.title,
      required: slot.required,
      value: chosen?.id ?? NO_OPTION,
      choiceLabel: chosen?.label ?? 'None',
      options,
      choose: (value: string) => send({ type: 'builder.choose', slot: slot.key, optionId: value === NO_OPTION ? null : value }),
    };
  });

  const lines: PriceLineView[] = total.lines.map((line) => {
    const discount = discountLabel(line.price, line.finalPrice);
    return {
      key: line.key,
      label: line.label,
      choice: line.choice,
      priceText: line.key === 'platform' ? formatPrice(line.finalPrice) : priceTextOf(line.finalPrice),
      originalPriceText: discount ? formatPrice(line.price) : null,
      discountText: discount,
    };
  });

  const unavailable = snapshot.matches('unavailable');
  return {
    platform: definition.platform,
    slots,
    lines,
    totalText: formatPrice(total.finalPrice),
    totalOriginalText: totalDiscount ? formatPrice(total.price) : null,
    totalDiscountText: totalDiscount,
    /** What the engine should show. */
    parts: shownParts(definition, selection),
    canAdd: snapshot.can({ type: 'builder.add' }),
    /** Why the build cannot be added, or null. */
    unavailableText: unavailable
      ? isPlatformAvailable(definition.platform)
        ? 'A part this build needs is sold out. Please check back soon.'
        : `The ${definition.platform.productName} is sold out. Please check back soon.`
      : null,
    /** The build just added, until the next choice. */
    addedBuildId: snapshot.matches('added') ? lastBuildId : null,
    add: () => send({ type: 'builder.add' }),
  };
}

export type BuilderApi = ReturnType<typeof connect>;
