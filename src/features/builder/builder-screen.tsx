import { useActorRef } from '@xstate/react';
import { useActorSelector } from '../../services/actor-selector';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useLoaderData } from 'react-router-dom';
import { connect, type SlotView } from '../../../machines/builder/builder.connect';
import { builderMachine } from '../../../machines/builder/builder.machine';
import type { BuilderDefinition } from '../../../machines/builder/builder.types';
import { useAppActors, useAppServices } from '../../services/providers';
import { useConnect } from '../../components/use-connect';
import { buildNotes } from '../../domain/builder-build';
import { useRouteTitle } from '../../components/use-route-title';
import { BuilderViewport } from './builder-viewport';
import type { createBuilderRoute } from './builder-routes';
import page from '../../components/content-page.module.css';
import styles from './builder.module.css';

/**
 * /3dbuilder (catalogue-and-content.md sections 2, 4, 8, 9; decisions 018, 019): the builder
 * page's title and text, the 3D view, a picker per slot, the price of every part and the running
 * total, and Add build to cart. The configuration lives in the builder machine, the engine link
 * in the bridge machine; this view renders them and forwards intents.
 */
export function BuilderScreen() {
  const content = useLoaderData<ReturnType<typeof createBuilderRoute>['loader']>();
  const routeTitle = useRouteTitle();
  const title = content.title || routeTitle;
  return (
    <article className={page.page}>
      <header className={`${page.container} ${page.header} ${styles.header}`}>
        <h1 className={page.title}>{title}</h1>
        {content.subText ? <p className={page.lead}>{content.subText}</p> : null}
      </header>
      {content.definition ? (
        <Builder definition={content.definition} />
      ) : (
        <div className={page.container}>
          <p className={styles.unavailable} role="status">
            The builder is not available right now. Please try again later.
          </p>
        </div>
      )}
    </article>
  );
}

function Builder({ definition }: { definition: BuilderDefinition }) {
  const { cart } = useAppActors();
  const { ui } = useAppServices();
  const machine = useMemo(
    () =>
      builderMachine.provide({
        actions: {
          // One line through the app's cart machine, then the cart panel opens like on product pages.
          addToCart: (_, params) => {
            cart.send({ type: 'cart.item.add', line: params.line });
            ui.trigger['cart.open']();
          },
        },
      }),
    [cart, ui],
  );
  const actor = useActorRef(machine, { input: { definition } });
  const builder = useConnect(actor, (snapshot) => connect(snapshot, actor.send));
  const built = useActorSelector(actor, (snapshot) => snapshot.context.definition);
  const selection = useActorSelector(actor, (snapshot) => snapshot.context.selection);
  const notes = buildNotes(built, selection);
  const [focusedSlot, setFocusedSlot] = useState<string | null>(null);
  const groups = useRef(new Map<string, HTMLElement>());

  // A part clicked in the scene brings its picker into view and focuses its choice.
  const onPartPicked = useCallback((slot: string) => {
    const group = groups.current.get(slot);
    if (!group) return;
    group.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    group.querySelector<HTMLInputElement>('input:checked:not(:disabled), input:not(:disabled)')?.focus({ preventScroll: true });
  }, []);

  return (
    <div className={`${page.container} ${styles.layout}`}>
      <section className={styles.viewer} aria-label="3D view">
        <BuilderViewport
          parts={builder.parts}
          focusedSlot={focusedSlot}
          onPartPicked={onPartPicked}
          description={notes}
          imageName={`${builder.platform.productName.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-build.png`}
        />
      </section>

      <div className={styles.panel}>
        <h2 className={styles.panelHeading}>Choose your parts</h2>
        {builder.slots.map((slot, index) => (
          <SlotPicker
            key={slot.key}
            slot={slot}
            step={index + 1}
            groupRef={(element) => {
              if (element) groups.current.set(slot.key, element);
              else groups.current.delete(slot.key);
            }}
            onFocusChange={(focused) => setFocusedSlot((current) => (focused ? slot.key : current === slot.key ? null : current))}
          />
        ))}

        <section className={styles.summary} aria-labelledby="build-summary">
          <h2 id="build-summary" className={styles.summaryHeading}>
            Your build
          </h2>
          <dl className={styles.lines}>
            {builder.lines.map((line) => (
              <div key={line.key} className={styles.line} data-line={line.key}>
                <dt>
                  <span className={styles.lineLabel}>{line.label}</span>
                  {line.choice ? <span className={styles.lineChoice}>{line.choice}</span> : <span className={styles.lineChoice}>Platform</span>}
                </dt>
                <dd className={styles.linePrice}>
                  <Price text={line.priceText} original={line.originalPriceText} discount={line.discountText} />
                </dd>
              </div>
            ))}
            <div className={`${styles.line} ${styles.total}`} data-line="total">
              <dt>Total</dt>
              <dd className={styles.linePrice} data-testid="builder-total">
                <Price text={builder.totalText} original={builder.totalOriginalText} discount={builder.totalDiscountText} />
              </dd>
            </div>
          </dl>
          {builder.platform.fflItem ? <p className={styles.notice}>Ships to a licensed firearms dealer (FFL) of your choice.</p> : null}
          {builder.unavailableText ? (
            <p className={styles.soldOut} role="status">
              {builder.unavailableText}
            </p>
          ) : null}
          <button type="button" className={styles.addButton} disabled={!builder.canAdd} onClick={builder.add}>
            Add build to cart
          </button>
          <p className={styles.added} role="status">
            {builder.addedBuildId ? `Build ${builder.addedBuildId} added to your cart.` : ''}
          </p>
        </section>
      </div>
    </div>
  );
}

interface SlotPickerProps {
  slot: SlotView;
  step: number;
  groupRef: (element: HTMLDivElement | null) => void;
  onFocusChange: (focused: boolean) => void;
}

/** One slot: an accessible radio group (arrow keys move, sold-out parts are disabled). */
function SlotPicker({ slot, step, groupRef, onFocusChange }: SlotPickerProps) {
  const swatches = slot.options.some((option) => option.color !== null);
  return (
    <RadioGroup
      ref={groupRef}
      className={styles.slot}
      value={slot.value}
      onChange={slot.choose}
      onFocusChange={onFocusChange}
      data-slot={slot.key}
    >
      <Label className={styles.slotLabel}>
        <span className={styles.step} aria-hidden="true">
          {step}
        </span>
        {slot.title}
        {slot.required ? null : <span className={styles.optional}> (optional)</span>}
      </Label>
      <div className={swatches ? styles.swatchGrid : styles.optionGrid}>
        {slot.options.map((option) => (
          <Radio key={option.value} value={option.value} isDisabled={!option.available} className={styles.option}>
            {option.color ? <span className={styles.swatch} style={{ background: option.color }} aria-hidden="true" /> : null}
            <span className={styles.optionLabel}>{option.label}</span>
            <span className={styles.optionPrice}>
              {option.unavailableText ? (
                <span className={styles.optionSoldOut}>{option.unavailableText}</span>
              ) : (
                <Price text={option.priceText} original={option.originalPriceText} discount={option.discountText} />
              )}
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** A price: the final price, the struck-through list price and '(N% off)' when discounted (section 9). */
function Price({ text, original, discount }: { text: string; original: string | null; discount: string | null }) {
  if (!original) return <span className={styles.finalPrice}>{text}</span>;
  return (
    <>
      <span className="visually-hidden">Sale price </span>
      <span className={styles.finalPrice}>{text}</span>
      <span className="visually-hidden"> Regular price </span>
      <s className={styles.listPrice}>{original}</s>
      {discount ? <span className={styles.discount}>{discount}</span> : null}
    </>
  );
}
