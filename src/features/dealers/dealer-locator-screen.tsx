import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { createLocatorActors } from '../../../machines/dealer-locator/dealer-locator.actors';
import { connect } from '../../../machines/dealer-locator/dealer-locator.connect';
import { dealerLocatorMachine } from '../../../machines/dealer-locator/dealer-locator.machine';
import { createGeocodingClient, geocodingBaseUrl } from '../../api/client';
import { paths } from '../../config/paths';
import { useAppServices } from '../../services/providers';
import { DealerCard, DealerList, DealerMapPanel } from '../../components/dealer-card';
import { DealerSearchFields } from '../../components/dealer-search-fields';
import { useConnect } from '../../components/use-connect';
import { useRouteTitle } from '../../components/use-route-title';
import { phoneHref } from '../../domain/map-contact-us';
import { mapDealers } from './dealer-locator-mappers';
import type { createDealerLocatorRoute } from './dealer-locator-routes';
import { PageBanner } from '../../components/page-banner';
import page from '../../components/content-page.module.css';
import styles from './dealer-locator.module.css';

/** Where the list comes first and the map waits behind "Show map" (dealer-locator.module.css). */
const PHONE_QUERY = '(max-width: 37.5rem)';

/**
 * Dealer locator (catalogue-and-content.md sections 2, 3, 4, 5, 8, 9): the page image, a zip and
 * radius search, the dealer cards and a map with the same dealers. The rules live in the locator
 * machine (machines/dealer-locator); this view renders its snapshot and forwards intents.
 * Decision 045: cards and markers carry the same numbers; on a phone the list comes first and the
 * map opens with "Show map".
 */
export function DealerLocatorScreen() {
  const content = useLoaderData<ReturnType<typeof createDealerLocatorRoute>['loader']>();
  const routeTitle = useRouteTitle();
  const services = useAppServices();
  const machine = useMemo(() => {
    const geocoding = createGeocodingClient({ baseUrl: geocodingBaseUrl(services.settings.apiBaseUrl) });
    return dealerLocatorMachine.provide({ actors: createLocatorActors({ api: services.api, geocoding, toDealers: mapDealers }) });
  }, [services.api, services.settings.apiBaseUrl]);
  const actor = useActorRef(machine);
  const locator = useConnect(actor, (snapshot) => connect(snapshot, actor.send));
  const cards = useRef(new Map<string, HTMLElement>());
  const scrollTo = useRef<string | null>(null);
  // On a phone the list comes first and the map waits behind "Show map" (decision 045).
  const [mapOpen, setMapOpen] = useState(false);

  // A marker chosen on the map brings its card into view (the list may be long on a phone).
  // On a phone the map stands in for the list, so the list comes back to show the card.
  const selectFromMap = useCallback(
    (id: string) => {
      scrollTo.current = id;
      if (globalThis.matchMedia?.(PHONE_QUERY).matches) setMapOpen(false);
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
          <DealerSearchFields
            idPrefix="locator"
            tone="dark"
            named
            zip={locator.zip}
            radius={locator.radius}
            onZipChange={locator.setZip}
            // Section 4: an empty radius lists every dealer; it is a choice here (issue 22 item 6).
            anyDistance
            onRadiusChange={locator.setRadius}
            zipProps={{ autoComplete: 'postal-code', pattern: '[0-9]*' }}
          />
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

        <div className={styles.results} data-map-open={mapOpen || undefined}>
          <section className={styles.listPanel} aria-labelledby="locator-results" aria-busy={locator.busy}>
            <h2 id="locator-results" className={styles.heading}>
              Dealers
            </h2>
            <p className={styles.summary} role="status">
              {summary}
            </p>
            <button
              type="button"
              className={styles.mapToggle}
              aria-expanded={mapOpen}
              aria-controls="locator-map"
              onClick={() => setMapOpen((open) => !open)}
            >
              {mapOpen ? 'Hide map' : 'Show map'}
            </button>
            {locator.searched && count === 0 ? <p className={`${styles.empty} ${styles.cards}`}>No dealers in that distance. Try a wider one.</p> : null}
            {count ? (
              <DealerList className={`${styles.numbered} ${styles.cards}`}>
                {locator.results.map((dealer, index) => {
                  const tel = dealer.phoneNumber ? phoneHref(dealer.phoneNumber) : '';
                  const phone = tel ? <a href={tel}>{dealer.phoneNumber}</a> : dealer.phoneNumber || null;
                  return (
                    <DealerCard
                      key={dealer.id}
                      ref={(element) => {
                        if (element) cards.current.set(dealer.id, element);
                        else cards.current.delete(dealer.id);
                      }}
                      dealerId={dealer.id}
                      title={
                        <button
                          type="button"
                          className={styles.cardButton}
                          aria-pressed={dealer.selected}
                          onClick={() => (dealer.selected ? locator.clearSelection() : locator.select(dealer.id))}
                        >
                          {dealer.name}
                        </button>
                      }
                      distanceLabel={dealer.distanceLabel}
                      lines={[...dealer.addressLines, phone]}
                      selected={dealer.selected}
                      data-selected={dealer.selected || undefined}
                      data-number={index + 1}
                    />
                  );
                })}
              </DealerList>
            ) : null}
          </section>
          <div id="locator-map" className={styles.mapArea} data-open={mapOpen || undefined}>
            <DealerMapPanel
              dealers={locator.results}
              selectedId={locator.selectedId}
              onSelect={selectFromMap}
              token={services.settings.mapboxToken}
              numbered
              overview={!locator.searched}
            />
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
