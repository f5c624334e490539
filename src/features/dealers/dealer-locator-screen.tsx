import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { createLocatorActors } from '../../../machines/dealer-locator/dealer-locator.actors';
import { connect } from '../../../machines/dealer-locator/dealer-locator.connect';
import { dealerLocatorMachine } from '../../../machines/dealer-locator/dealer-locator.machine';
import { createGeocodingClient, geocodingBaseUrl } from '../../api/client';
import { paths } from '../../app/paths';
import { useAppServices } from '../../app/providers';
import { RADIUS_CHOICES_MILES } from '../../domain/distance';
import { useRouteTitle } from '../content/use-route-title';
import { phoneHref } from '../content/map-contact-us';
import { mapDealers, type DealerLocatorContent } from './dealer-locator-mappers';
import { PageBanner } from '../content/page-banner';
import page from '../content/content-page.module.css';
import styles from './dealer-locator.module.css';

// mapbox-gl is large: its chunk is fetched only when this screen renders (DESIGN.md section 3).
const DealerMap = lazy(async () => ({ default: (await import('../../components/dealer-map')).DealerMap }));

const RADIUS_OPTIONS = RADIUS_CHOICES_MILES.map((miles) => ({ value: String(miles), label: `${miles} miles` }));

/**
 * Dealer locator (catalogue-and-content.md sections 2, 3, 4, 5, 8, 9): the page image, a zip and
 * radius search, the dealer cards and a map with the same dealers. The rules live in the locator
 * machine (machines/dealer-locator); this view renders its snapshot and forwards intents.
 */
export function DealerLocatorScreen() {
  const content = useLoaderData() as DealerLocatorContent;
  const routeTitle = useRouteTitle();
  const services = useAppServices();
  const machine = useMemo(() => {
    const geocoding = createGeocodingClient({ baseUrl: geocodingBaseUrl(services.settings.apiBaseUrl) });
    return dealerLocatorMachine.provide({ actors: createLocatorActors({ api: services.api, geocoding, toDealers: mapDealers }) });
  }, [services.api, services.settings.apiBaseUrl]);
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (state) => state);
  const locator = connect(snapshot, actor.send);
  const cards = useRef(new Map<string, HTMLElement>());
  const scrollTo = useRef<string | null>(null);

  // A marker chosen on the map brings its card into view (the list may be long on a phone).
  const selectFromMap = useCallback(
    (id: string) => {
      scrollTo.current = id;
      actor.send({ type: 'locator.dealer.select', id });
    },
    [actor],
  );
  useEffect(() => {
    const id = scrollTo.current;
    if (!id || locator.selectedId !== id) return;
    scrollTo.current = null;
    const card = cards.current.get(id);
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    card?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
  }, [locator.selectedId]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    locator.submit();
  };

  const title = content.title || routeTitle;
  const count = locator.results.length;
  const summary =
    locator.status === 'loading'
      ? 'Loading dealers…'
      : locator.status === 'searching'
        ? 'Searching…'
        : locator.searched
          ? `${count} ${count === 1 ? 'dealer' : 'dealers'} found`
          : locator.status === 'idle'
            ? `${count} ${count === 1 ? 'dealer' : 'dealers'}`
            : '';

  return (
    <article className={page.page}>
      <PageBanner src={content.imgUrl} alt={content.imgAlt} />
      <header className={`${page.container} ${page.header}`}>
        <h1 className={page.title}>{title}</h1>
      </header>
      <div className={`${page.container} ${styles.layout}`}>
        <form className={styles.search} onSubmit={onSubmit} aria-label="Find a dealer" noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="locator-zip">
              Zip code
            </label>
            <input
              id="locator-zip"
              className={styles.control}
              name="zip"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              pattern="[0-9]*"
              maxLength={5}
              value={locator.zip}
              onChange={(event) => locator.setZip(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="locator-radius">
              Distance
            </label>
            <select
              id="locator-radius"
              className={styles.control}
              name="radius"
              value={locator.radius === null ? '' : String(locator.radius)}
              onChange={(event) => locator.setRadius(event.target.value ? Number(event.target.value) : null)}
            >
              {RADIUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <button className={styles.submit} type="submit" disabled={locator.status === 'loading'} aria-disabled={locator.status === 'searching' || undefined}>
            Search
          </button>
        </form>

        {locator.error ? (
          <div className={styles.error} role="alert">
            <p>{locator.error}</p>
            {locator.status === 'unavailable' ? (
              <button type="button" className={styles.retry} onClick={locator.retry}>
                Try again
              </button>
            ) : null}
          </div>
        ) : null}

        <div className={styles.results}>
          <section className={styles.listPanel} aria-labelledby="locator-results" aria-busy={locator.busy}>
            <h2 id="locator-results" className={styles.heading}>
              Dealers
            </h2>
            <p className={styles.summary} role="status">
              {summary}
            </p>
            {locator.searched && count === 0 ? <p className={styles.empty}>No dealers in that distance. Try a wider one.</p> : null}
            {count ? (
              <ul className={styles.list}>
                {locator.results.map((dealer) => {
                  const tel = dealer.phoneNumber ? phoneHref(dealer.phoneNumber) : '';
                  return (
                    <li
                      key={dealer.id}
                      ref={(element) => {
                        if (element) cards.current.set(dealer.id, element);
                        else cards.current.delete(dealer.id);
                      }}
                      className={`${styles.card} ${dealer.selected ? styles.cardSelected : ''}`}
                      data-dealer-id={dealer.id}
                      data-selected={dealer.selected || undefined}
                    >
                      <h3 className={styles.cardTitle}>
                        <button
                          type="button"
                          className={styles.cardButton}
                          aria-pressed={dealer.selected}
                          onClick={() => (dealer.selected ? locator.clearSelection() : locator.select(dealer.id))}
                        >
                          {dealer.name}
                        </button>
                      </h3>
                      {dealer.distanceLabel ? <p className={styles.distance}>{dealer.distanceLabel}</p> : null}
                      <address className={styles.address}>
                        {dealer.addressLines.map((line, index) => (
                          <span key={`${index}-${line}`} className={styles.line}>
                            {line}
                          </span>
                        ))}
                        {dealer.phoneNumber ? (
                          <span className={styles.line}>{tel ? <a href={tel}>{dealer.phoneNumber}</a> : dealer.phoneNumber}</span>
                        ) : null}
                      </address>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>
          <div className={styles.mapPanel}>
            <Suspense fallback={<div className={styles.mapFallback} aria-hidden="true" />}>
              <DealerMap
                dealers={locator.results}
                selectedId={locator.selectedId}
                onSelect={selectFromMap}
                token={services.settings.mapboxToken}
              />
            </Suspense>
          </div>
        </div>

        <aside className={styles.signup} aria-labelledby="locator-signup">
          <h2 id="locator-signup" className={styles.heading}>
            Become a dealer
          </h2>
          {content.dealerSignup ? <p>{content.dealerSignup}</p> : null}
          <Link className={styles.signupLink} to={paths.dealerRegistration}>
            Register as a dealer
          </Link>
        </aside>
      </div>
    </article>
  );
}
