import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { FflDealerApi, FflDealerCard } from '../../../machines/ffl-dealer/ffl-dealer.connect';
import { paths } from '../../config/paths';
import { ErrorList, Field } from '../../components/field';
import { DealerCard, DealerList, DealerMapPanel } from '../../components/dealer-card';
import type { MapDealer } from '../../components/dealer-map';
import { DealerSearchFields } from '../../components/dealer-search-fields';
import type { DealerValues } from '../../domain/checkout-forms';
import styles from './checkout.module.css';
import step from './dealer-step.module.css';

/** What the step needs of a Conform field: its name, ids and errors (the spec's messages). */
export interface DealerFieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

export type DealerFields = Record<keyof DealerValues | 'dealerId', DealerFieldMeta>;

interface DealerStepProps {
  dealer: FflDealerApi;
  fields: DealerFields;
  /** The maps key from the runtime settings; without it the map's local style is used. */
  mapToken?: string;
  /** A dealer was chosen: the "choose a dealer" error is answered. */
  onChosen: () => void;
}

const SEARCH_ERROR_ID = 'dealer-search-error';

function summaryOf(dealer: FflDealerApi): string {
  if (dealer.status === 'recalling') return 'Looking up your last dealer…';
  if (dealer.status === 'searching') return 'Searching for dealers…';
  if (dealer.status === 'results' && dealer.searched) {
    const count = dealer.results.filter((card) => card.choosable).length;
    // With a handgun, what counts is the dealers of the buyer's state (decision 077).
    const where = dealer.handgunState ? ` in ${dealer.handgunState}` : '';
    return `${count} licensed ${count === 1 ? 'dealer' : 'dealers'}${where} within ${dealer.searched.radius} miles of ${dealer.searched.zip}, nearest first`;
  }
  return '';
}

/**
 * The FFL dealer part of the billing step (decision 029; shop-core.md sections 2, 3, 5): find the
 * shop's dealers near a zip (a list nearest first and a map), choose one, and see its record as
 * the dealer form's fields, read-only, with "Change dealer". The rules are the fflDealer
 * machine's; this view renders its snapshot, sends its intents and moves focus.
 */
export function DealerStep({ dealer, fields, mapToken, onChosen }: DealerStepProps) {
  const chosenHeading = useRef<HTMLHeadingElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const cards = useRef(new Map<number, HTMLLIElement>());
  const fromMap = useRef<number | null>(null);
  const lastStatus = useRef(dealer.status);

  // Focus follows the shopper's own actions: a choice moves it to the chosen dealer, "Change
  // dealer" back to the search. A last dealer offered on arrival takes no focus.
  useEffect(() => {
    const before = lastStatus.current;
    lastStatus.current = dealer.status;
    if (before === dealer.status) return;
    if (dealer.status === 'chosen') {
      onChosen();
      if (before === 'results' || before === 'noneNear') chosenHeading.current?.focus();
    } else if (before === 'chosen') {
      zipInput.current?.focus();
    }
  }, [dealer.status, onChosen]);

  // A marker pressed on the map brings its card into view and focus (the list may be long).
  const { highlight } = dealer;
  const highlightFromMap = useCallback(
    (id: string) => {
      fromMap.current = Number(id);
      highlight(Number(id));
    },
    [highlight],
  );
  useEffect(() => {
    const id = fromMap.current;
    if (id === null || dealer.highlightedId !== id) return;
    fromMap.current = null;
    const card = cards.current.get(id);
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    (card?.querySelector<HTMLElement>('button') ?? card)?.focus({ preventScroll: true });
  }, [dealer.highlightedId]);

  const mapDealers: MapDealer[] = useMemo(
    () => dealer.results.map((card) => ({ id: String(card.id), name: card.name, latitude: card.latitude, longitude: card.longitude })),
    [dealer.results],
  );

  const chosen = dealer.chosen;
  const choiceErrors = fields.dealerId.errors;

  return (
    <section className={styles.card} aria-labelledby="dealer-heading">
      <h2 id="dealer-heading" className={styles.cardTitle}>
        FFL dealer
      </h2>
      <p className={styles.muted}>
        Firearms in your cart ship to a federally licensed (FFL) dealer near you, who completes the transfer with you. Choose one of our
        listed dealers.
      </p>
      {dealer.handgunNote ? <p className={step.handgunNote}>{dealer.handgunNote}</p> : null}
      <input type="hidden" name={fields.dealerId.name} value={chosen ? String(chosen.dealerId) : ''} />

      {chosen ? (
        <div className={step.chosen}>
          <h3 ref={chosenHeading} tabIndex={-1} className={step.chosenTitle}>
            {chosen.isLast ? 'Your last dealer' : 'Your dealer'}
          </h3>
          <div className={styles.grid}>
            {readOnly(fields.dealerName, 'Dealer name', chosen.dealerName, styles.wide)}
            {readOnly(fields.dealerEmail, 'Dealer email', chosen.dealerEmail)}
            {readOnly(fields.dealerPhone, 'Dealer phone', chosen.dealerPhone)}
            {readOnly(fields.dealerAddress, 'Dealer address', chosen.dealerAddress, styles.wide)}
            {readOnly(fields.dealerCity, 'City', chosen.dealerCity)}
            {readOnly(fields.dealerState, 'State', chosen.dealerState)}
            {readOnly(fields.dealerZip, 'Zip code', chosen.dealerZip)}
            {readOnly(fields.dealerCountry, 'Country', chosen.dealerCountry)}
          </div>
          <div className={step.chosenFooter}>
            {chosen.licenceEnding ? <p className={styles.muted}>FFL license ending {chosen.licenceEnding}</p> : <span />}
            <button type="button" className={styles.secondary} onClick={dealer.change}>
              Change dealer
            </button>
          </div>
        </div>
      ) : (
        <Finder
          dealer={dealer}
          zipInput={zipInput}
          choiceErrors={choiceErrors}
          choiceErrorId={fields.dealerId.errorId}
          cards={cards}
          mapDealers={mapDealers}
          onMarker={highlightFromMap}
          mapToken={mapToken}
        />
      )}
    </section>
  );
}

/** A dealer form field showing the chosen dealer's record: read-only, with the spec's messages. */
function readOnly(field: DealerFieldMeta, label: string, value: string, className?: string) {
  return (
    <Field
      label={label}
      errors={field.errors}
      errorId={field.errorId}
      className={className}
      inputProps={{ id: field.id, name: field.name, value, readOnly: true, type: 'text' }}
    />
  );
}

interface FinderProps {
  dealer: FflDealerApi;
  zipInput: RefObject<HTMLInputElement | null>;
  choiceErrors?: string[];
  choiceErrorId: string;
  cards: RefObject<Map<number, HTMLLIElement>>;
  mapDealers: MapDealer[];
  onMarker: (id: string) => void;
  mapToken?: string;
}

/** The search by zip and distance, what it found, and what to do when nothing is near. */
function Finder({ dealer, zipInput, choiceErrors, choiceErrorId, cards, mapDealers, onMarker, mapToken }: FinderProps) {
  // The search sits inside the billing form: Enter in its zip field searches instead of Next.
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    dealer.search();
  };
  const describedBy = [dealer.error ? SEARCH_ERROR_ID : '', choiceErrors?.length ? choiceErrorId : ''].filter(Boolean).join(' ') || undefined;
  const summary = summaryOf(dealer);
  const searched = dealer.searched;

  return (
    <div className={step.finder}>
      <div role="search" aria-label="Find an FFL dealer" className={step.search}>
        <DealerSearchFields
          idPrefix="dealer-search"
          zip={dealer.zip}
          radius={dealer.radius}
          onZipChange={dealer.setZip}
          onRadiusChange={dealer.setRadius}
          zipProps={{
            ref: zipInput,
            autoComplete: 'off',
            onKeyDown: searchOnEnter,
            'aria-invalid': dealer.error || choiceErrors?.length ? true : undefined,
            'aria-describedby': describedBy,
          }}
        />
        <button type="button" className={styles.secondary} onClick={dealer.search} aria-disabled={dealer.busy || undefined}>
          Find dealers
        </button>
      </div>

      {dealer.error ? (
        <p id={SEARCH_ERROR_ID} className={step.error} role="alert">
          {dealer.error}
        </p>
      ) : null}
      <ErrorList id={choiceErrorId} errors={choiceErrors} />
      <p className={step.summary} role="status">
        {summary}
      </p>

      {dealer.status === 'noneNear' && searched ? (
        <div className={step.none}>
          <p>
            <strong>
              No licensed dealers within {searched.radius} miles of {searched.zip}.
            </strong>{' '}
            Try a greater distance, or find a dealer near you on our dealer locator. If your dealer is not on our list, ask them to register
            with us.
          </p>
          <ul className={step.links}>
            <li>
              <a href={paths.dealerLocator} target="_blank" rel="noopener">
                Dealer locator<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={paths.dealerRegistration} target="_blank" rel="noopener">
                Ask your dealer to register<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
      ) : null}

      {dealer.refusal ? (
        <p className={step.error} role="alert">
          {dealer.refusal}
        </p>
      ) : null}

      {dealer.results.length ? (
        <div className={step.results}>
          <DealerList aria-label="FFL dealers, nearest first">
            {dealer.results.map((card) => (
              <FflDealerCardItem
                key={card.id}
                card={card}
                onChoose={dealer.choose}
                cardRef={(element) => {
                  if (element) cards.current.set(card.id, element);
                  else cards.current.delete(card.id);
                }}
              />
            ))}
          </DealerList>
          <DealerMapPanel
            dealers={mapDealers}
            selectedId={dealer.highlightedId === null ? null : String(dealer.highlightedId)}
            onSelect={onMarker}
            token={mapToken}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * A listed dealer: chosen with its Choose button; one that cannot receive the order is greyed with
 * the reason (its licence has expired; for a handgun, it is outside the buyer's state: decision 077).
 */
function FflDealerCardItem({ card, onChoose, cardRef }: { card: FflDealerCard; onChoose: (id: number) => void; cardRef: (element: HTMLLIElement | null) => void }) {
  return (
    <DealerCard
      ref={cardRef}
      dealerId={card.id}
      title={card.name}
      distanceLabel={card.distanceLabel}
      lines={[card.address, `${card.city}, ${card.state} ${card.zip}`, card.phone || null]}
      selected={card.highlighted}
      muted={!card.choosable}
      tabIndex={-1}
      data-highlighted={card.highlighted || undefined}
    >
      {card.choosable ? (
        <>
          {card.licenceEnding ? <p className={step.licence}>FFL license ending {card.licenceEnding}</p> : null}
          <button type="button" className={`${styles.primary} ${step.choose}`} onClick={() => onChoose(card.id)}>
            Choose<span className="visually-hidden"> {card.name}</span>
          </button>
        </>
      ) : (
        <p className={step.expired}>{card.unavailable}</p>
      )}
    </DealerCard>
  );
}
