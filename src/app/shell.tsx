import { useSelector } from '@xstate/store-react';
import { lazy, Suspense } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router-dom';
import { NotificationBanner } from '../components/notification-banner';
import { useHydrated } from '../components/use-hydrated';
import { ConsentSlot } from '../features/consent/consent-slot';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { PageScroll } from './page-scroll';
import { mapFooter, type ShellContent } from '../domain/map-shell';
import { ActorBoundary, useAppActors, useAppActorsLater, useAppServices } from '../services/providers';
import type { createRootLoader } from './root-loader';
import styles from './shell.module.css';

// The drawer (react-aria's modal machinery) loads on first open, keeping it off the first load.
const loadCartPanel = () => import('./cart-panel');
const CartPanel = lazy(() => loadCartPanel().then((module) => ({ default: module.CartPanel })));
// The promotion pop-up's slot (its store and rules) is not needed for the first paint: it loads
// after hydration (issue 16: first-load size).
const PromotionSlot = lazy(() => import('../features/promotion/promotion-slot').then((module) => ({ default: module.PromotionSlot })));

const emptyShell: ShellContent = { navigation: [], footer: mapFooter(null) };

/** The layout around every screen: header, notification banner, main outlet, footer, cart panel, spinner. */
export function Shell() {
  const content = useRouteLoaderData<ReturnType<typeof createRootLoader>>('root') ?? emptyShell;
  const { ui } = useAppServices();
  const actors = useAppActorsLater();
  const cartOpen = useSelector(ui, (snapshot) => snapshot.context.cartOpen);
  // What the server rendered (an empty cart, no banner, consent or promotion) until hydration is
  // over; then the browser's own state (docs/decisions/025). The parts that read an actor wait
  // for the actors inside ActorBoundary (decision 057).
  const hydrated = useHydrated();

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      {/* The banner sticks under the header: a notice that does not scroll the page up (Add to
          Cart, docs/decisions/036) is seen wherever the shopper is. */}
      <div className={styles.top}>
        <Header navigation={content.navigation} onCartIntent={loadCartPanel} />
        {cartOpen || !hydrated ? null : (
          <ActorBoundary>
            <ShellNotifications />
          </ActorBoundary>
        )}
      </div>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer content={content.footer} onCookiePreferences={() => void actors.then(({ consent }) => consent.send({ type: 'consent.reopen' }))} />
      {cartOpen ? (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      ) : null}
      <PageScroll />
      {hydrated ? (
        <>
          <Suspense fallback={null}>
            <PromotionSlot />
          </Suspense>
          <ActorBoundary>
            <ConsentSlot />
          </ActorBoundary>
          <LoadingIndicator />
        </>
      ) : null}
    </div>
  );
}

function ShellNotifications() {
  const { notification } = useAppActors();
  return <NotificationBanner actorRef={notification} />;
}
