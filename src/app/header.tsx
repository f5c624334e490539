import { Link, NavLink } from 'react-router-dom';
import { CartIcon, MapPinIcon } from '../components/icons';
import { SearchOverlay, SearchToggleButton } from '../features/search/search-overlay';
import { AccountControl } from './account-control';
import styles from './header.module.css';
import type { NavLink as NavItem } from './map-shell';
import { paths } from './paths';
import { useAppServices } from './providers';

interface HeaderProps {
  navigation: NavItem[];
  cartItemCount: number;
  /** The pointer or focus reached the cart button: a chance to preload the panel. */
  onCartIntent?: () => void;
}

/**
 * Site header: logo, main navigation (titles and urls of the `app` page's main_navigation; the
 * mega-menu with categories and image cards is its own issue), and the search, cart, dealer
 * locator and account controls.
 */
export function Header({ navigation, cartItemCount, onCartIntent }: HeaderProps) {
  const { ui } = useAppServices();
  const cartLabel = `Cart, ${cartItemCount} ${cartItemCount === 1 ? 'item' : 'items'}`;

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.logo} aria-label="Ridgeline Arms home">
          <BrandMark />
          <span className={styles.wordmark}>
            <span className={styles.wordmarkName}>Ridgeline</span> <span className={styles.wordmarkArms}>Arms</span>
          </span>
        </Link>
        {navigation.length > 0 ? (
          <nav className={styles.nav} aria-label="Main">
            <ul className={styles.navList}>
              {navigation.map((item) => (
                <li key={`${item.href}-${item.label}`}>
                  <NavLink to={item.href} className={styles.navLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className={styles.actions}>
          <SearchToggleButton className={styles.iconButton} />
          <Link to={paths.dealerLocator} className={styles.iconButton} aria-label="Dealer locator">
            <MapPinIcon />
          </Link>
          <AccountControl className={styles.iconButton} />
          <button
            type="button"
            className={styles.iconButton}
            aria-label={cartLabel}
            aria-haspopup="dialog"
            onPointerEnter={onCartIntent}
            onFocus={onCartIntent}
            onClick={() => ui.trigger['cart.open']()}
          >
            <CartIcon />
            <span className={styles.badge} aria-hidden="true">
              {cartItemCount}
            </span>
          </button>
        </div>
      </div>
      <SearchOverlay />
    </header>
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
