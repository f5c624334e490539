import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { CartIcon, MapPinIcon, SearchIcon } from '../components/icons';
import { AccountControl } from './account-control';
import styles from './header.module.css';
import type { NavLink as NavItem } from './map-shell';
import { paths, searchUrl } from './paths';
import { useAppServices } from './providers';

interface HeaderProps {
  navigation: NavItem[];
  cartItemCount: number;
  /** The pointer or focus reached the cart button: a chance to preload the panel. */
  onCartIntent?: () => void;
}

/** Search submits need more than one character (catalogue-and-content.md section 5). */
const MIN_SEARCH_LENGTH = 2;

/**
 * Site header: logo, main navigation (titles and urls of the `app` page's main_navigation; the
 * mega-menu with categories and image cards is its own issue), and the search, cart, dealer
 * locator and account controls.
 */
export function Header({ navigation, cartItemCount, onCartIntent }: HeaderProps) {
  const { ui } = useAppServices();
  const showSearch = useSelector(ui, (snapshot) => snapshot.context.showSearch);
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
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Search"
            aria-expanded={showSearch}
            aria-controls="site-search"
            onClick={() => ui.trigger['search.toggle']()}
          >
            <SearchIcon />
          </button>
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
      {showSearch ? <SearchBar onClose={() => ui.trigger['search.close']()} /> : null}
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

/** Minimal search box until the search issue brings the overlay with suggestions. */
function SearchBar({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (query.length < MIN_SEARCH_LENGTH) return;
    navigate(searchUrl(query));
  }

  return (
    <div className={styles.search} id="site-search">
      <form className={styles.searchForm} role="search" onSubmit={submit}>
        <label htmlFor="site-search-input" className="visually-hidden">
          Product search
        </label>
        <input
          id="site-search-input"
          className={styles.searchInput}
          type="search"
          placeholder="Product Search..."
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          autoFocus
        />
        <button type="submit" className={styles.searchSubmit}>
          Search
        </button>
      </form>
    </div>
  );
}
