import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router-dom';
import { NotificationBanner } from '../components/notification-banner';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { mapFooter, type ShellContent } from './map-shell';
import { useAppActors, useAppServices } from './providers';
import styles from './shell.module.css';

// The drawer (react-aria's modal machinery) loads on first open, keeping it off the first load.
const loadCartPanel = () => import('./cart-panel');
const CartPanel = lazy(() => loadCartPanel().then((module) => ({ default: module.CartPanel })));

const emptyShell: ShellContent = { navigation: [], footer: mapFooter(null) };

/** Cart lines shown in the header badge and panel; the cart issue reads them from the cart machine. */
const CART_ITEM_COUNT = 0;

/** The layout around every screen: header, notification banner, main outlet, footer, cart panel, spinner. */
export function Shell() {
  const content = (useRouteLoaderData('root') as ShellContent | undefined) ?? emptyShell;
  const { notification } = useAppActors();
  const { ui } = useAppServices();
  const cartOpen = useSelector(ui, (snapshot) => snapshot.context.cartOpen);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <Header navigation={content.navigation} cartItemCount={CART_ITEM_COUNT} onCartIntent={loadCartPanel} />
      <NotificationBanner actorRef={notification} />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer content={content.footer} />
      {cartOpen ? (
        <Suspense fallback={null}>
          <CartPanel itemCount={CART_ITEM_COUNT} />
        </Suspense>
      ) : null}
      <LoadingIndicator />
    </div>
  );
}
