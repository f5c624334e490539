import { useSelector } from '@xstate/store-react';
import { useActorSelector } from '../services/actor-selector';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { selectItemCount } from '../../machines/cart/cart.selectors';
import { useHydrated } from '../components/use-hydrated';
import { CartIcon, MapPinIcon, MenuIcon } from '../components/icons';
import { SearchOverlaySlot, SearchToggleButton } from '../features/search/search-toggle';
import { AccountControl } from './account-control';
import styles from './header.module.css';
import type { NavMenu } from '../domain/map-shell';
import { MegaMenu } from './mega-menu';
import { paths } from '../config/paths';
import { ActorBoundary, useAppActors, useAppServices } from '../services/providers';

// The drawer (react-aria's modal and disclosure code) loads on first open or on intent, keeping
// it off the first load like the cart panel.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

/** Id of the header, the focus target of the footer's back-to-top button. */
export const PAGE_TOP_ID = 'page-top';

interface HeaderProps {
  navigation: NavMenu[];
  /** The pointer or focus reached the cart button: a chance to preload the panel. */
  onCartIntent?: () => void;
}

/**
 * Site header (catalogue-and-content.md section 2, "Header"): logo, the desktop mega menus (from
 * 64rem) or the mobile menu button (below), and the search, dealer locator, account and cart
 * controls.
 */
export function Header({ navigation, onCartIntent }: HeaderProps) {
  const { ui } = useAppServices();
  const menuOpen = useSelector(ui, (snapshot) => snapshot.context.mobileMenuOpen);

  return (
    <header className={styles.header} id={PAGE_TOP_ID} tabIndex={-1}>
      <div className={styles.bar}>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.menuButton}`}
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={loadMobileMenu}
          onFocus={loadMobileMenu}
          onClick={() => ui.trigger['menu.open']()}
        >
          <MenuIcon />
        </button>
        <Link to={paths.home} className={styles.logo} aria-label="Ridgeline Arms home">
          <BrandMark />
          <span className={styles.wordmark}>
            <span className={styles.wordmarkName}>Ridgeline</span> <span className={styles.wordmarkArms}>Arms</span>
          </span>
        </Link>
        {navigation.length > 0 ? <MegaMenu menus={navigation} /> : null}
        <div className={styles.actions}>
          <SearchToggleButton className={styles.iconButton} />
          <Link to={paths.dealerLocator} className={`${styles.iconButton} ${styles.desktopOnly}`} aria-label="Dealer locator">
            <MapPinIcon />
          </Link>
          <AccountControl className={styles.iconButton} />
          <ActorBoundary fallback={<CartButton count={0} onCartIntent={onCartIntent} />}>
            <ConnectedCartButton onCartIntent={onCartIntent} />
          </ActorBoundary>
        </div>
      </div>
      <SearchOverlaySlot />
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu menus={navigation} />
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * The cart button and its badge: items in the cart (sum of quantities), 0 as the server rendered
 * it until hydration is over. A selector, not connect(): the panel's line logic loads with the
 * panel (decision 030).
 */
function ConnectedCartButton({ onCartIntent }: { onCartIntent?: () => void }) {
  const { cart } = useAppActors();
  const itemCount = useActorSelector(cart, selectItemCount);
  return <CartButton count={useHydrated() ? itemCount : 0} onCartIntent={onCartIntent} />;
}

function CartButton({ count, onCartIntent }: { count: number; onCartIntent?: () => void }) {
  const { ui } = useAppServices();
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-haspopup="dialog"
      onPointerEnter={onCartIntent}
      onFocus={onCartIntent}
      onClick={() => ui.trigger['cart.open']()}
    >
      <CartIcon />
      {count > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}

/** The ridge mark of the logo (same drawing as the footer logo and the favicon). */
function BrandMark() {
  return (
    <svg className={styles.logoMark} viewBox="0 0 100 64" aria-hidden="true" focusable="false">
      <path d="M0 60 L28 18 L42 36 L64 4 L100 60Z M10 60 L28 32 L36 44 L22 60Z" fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
