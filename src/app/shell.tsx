import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router-dom';
import { selectItemCount } from '../../machines/cart/cart.selectors';
import { NotificationBanner } from '../components/notification-banner';
import { useHydrated } from '../components/use-hydrated';
import { ConsentSlot } from '../features/consent/consent-slot';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { mapFooter, type ShellContent } from './map-shell';
import { useAppActors, useAppServices } from './providers';
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
  const { notification, cart, consent } = useAppActors();
  const { ui } = useAppServices();
  const cartOpen = useSelector(ui, (snapshot) => snapshot.context.cartOpen);
  // Items in the cart (sum of quantities) for the header badge and the panel.
  // A selector, not connect(): the panel's line logic loads with the panel (decision 030).
  const itemCount = useSelector(cart, selectItemCount);
  // What the server rendered (an empty cart, no banner, consent or promotion) until hydration is
  // over; then the browser's own state (docs/decisions/025).
  const hydrated = useHydrated();
  const cartItemCount = hydrated ? itemCount : 0;

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      {/* The banner sticks under the header: a notice that does not scroll the page up (Add to
          Cart, docs/decisions/036) is seen wherever the shopper is. */}
      <div className={styles.top}>
        <Header navigation={content.navigation} cartItemCount={cartItemCount} onCartIntent={loadCartPanel} />
        {cartOpen || !hydrated ? null : <NotificationBanner actorRef={notification} />}
      </div>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer content={content.footer} onCookiePreferences={() => consent.send({ type: 'consent.reopen' })} />
      {cartOpen ? (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      ) : null}
      {hydrated ? (
        <>
          <Suspense fallback={null}>
            <PromotionSlot />
          </Suspense>
          <ConsentSlot />
          <LoadingIndicator />
        </>
      ) : null}
    </div>
  );
}
