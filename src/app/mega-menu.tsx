import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { ArrowRightIcon, ChevronDownIcon } from '../components/icons';
import type { NavItem, NavMenu } from '../domain/map-shell';
import styles from './mega-menu.module.css';
import { SmartLink } from '../components/smart-link';

/** Grace period before a hover-opened menu closes, so a pointer crossing a gap does not flicker it. */
const HOVER_CLOSE_DELAY_MS = 150;
/**
 * Hover intent: with no menu open, a pointer merely crossing the bar (say, on its way to the cart)
 * must not flash a panel open. Moving between menus once one is open switches at once.
 */
const HOVER_OPEN_DELAY_MS = 90;

interface OpenMenu {
  id: string;
  /** Hover-opened menus close when the pointer leaves; clicked or keyboard-opened ones stay. */
  via: 'hover' | 'press';
  /** The location the menu was opened on: any route change closes it (spec section 2, "Header"). */
  locationKey: string;
}

/**
 * Desktop main navigation (catalogue-and-content.md section 2, "Header"): one disclosure button
 * per menu (rifles, pistols, apparel, support) revealing a panel with the sub-categories and the
 * image cards. Follows the WAI-ARIA disclosure navigation pattern (not role="menu", which is for
 * application commands): Enter/Space toggle, ArrowDown opens and moves into the panel, Escape
 * closes and returns focus to the button, focus or a click leaving the menu closes it. Menus also
 * open on mouse hover. Hand-rolled rather than react-aria's Disclosure so the header, which is in
 * the first load, stays free of react-aria (its modal machinery is lazy-loaded elsewhere).
 */
export function MegaMenu({ menus }: { menus: NavMenu[] }) {
  const location = useLocation();
  const [open, setOpen] = useState<OpenMenu | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const openTimer = useRef<number | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);
  const openId = open && open.locationKey === location.key ? open.id : null;

  const cancelClose = () => {
    window.clearTimeout(closeTimer.current);
    window.clearTimeout(openTimer.current);
  };
  const openMenu = (id: string, via: OpenMenu['via']) => {
    cancelClose();
    setOpen({ id, via, locationKey: location.key });
  };
  const close = () => {
    cancelClose();
    setOpen(null);
  };

  useEffect(
    () => () => {
      window.clearTimeout(closeTimer.current);
      window.clearTimeout(openTimer.current);
    },
    [],
  );

  // While a menu is open, a press outside the navigation or Escape anywhere closes it.
  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [openId]);

  return (
    <nav className={styles.nav} aria-label="Main" ref={navRef}>
      <ul className={styles.list}>
        {menus.map((menu) => (
          <MenuEntry
            key={menu.id}
            menu={menu}
            isOpen={openId === menu.id}
            onToggle={() => (openId === menu.id && open?.via === 'press' ? close() : openMenu(menu.id, 'press'))}
            onOpen={() => openMenu(menu.id, 'press')}
            onHover={(entering) => {
              if (entering) {
                if (openId === menu.id && open?.via === 'press') cancelClose();
                else if (openId) openMenu(menu.id, 'hover');
                else {
                  cancelClose();
                  openTimer.current = window.setTimeout(() => openMenu(menu.id, 'hover'), HOVER_OPEN_DELAY_MS);
                }
                return;
              }
              window.clearTimeout(openTimer.current);
              if (openId === menu.id && open?.via === 'hover') {
                cancelClose();
                closeTimer.current = window.setTimeout(() => setOpen(null), HOVER_CLOSE_DELAY_MS);
              }
            }}
            onClose={close}
          />
        ))}
      </ul>
    </nav>
  );
}

interface MenuEntryProps {
  menu: NavMenu;
  isOpen: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onHover: (entering: boolean) => void;
  onClose: () => void;
}

function MenuEntry({ menu, isOpen, onToggle, onOpen, onHover, onClose }: MenuEntryProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = `${menu.id}-panel`;

  // Hover is for mice only: a touch "hover" is followed by a click, which must not toggle it shut.
  const hover = (entering: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') onHover(entering);
  };

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    onOpen();
    // The panel is in the DOM (hidden) already, so its first link can take focus right after.
    requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus());
  }

  function onEntryKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    onClose();
    buttonRef.current?.focus();
  }

  return (
    <li
      className={styles.entry}
      onPointerEnter={hover(true)}
      onPointerLeave={hover(false)}
      onKeyDown={onEntryKeyDown}
      onBlur={(event) => {
        // Focus moving to anything outside this menu (or to nothing) closes it.
        if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={onToggle}
        onKeyDown={onButtonKeyDown}
      >
        {menu.label}
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <div ref={panelRef} id={panelId} className={styles.panel} hidden={!isOpen}>
        <div className={styles.panelInner}>
          <div className={styles.categories}>
            <p className={styles.overline} aria-hidden="true">
              {menu.label}
            </p>
            {menu.children.length > 0 ? (
              <ul className={styles.categoryList} aria-label={`${menu.label} categories`}>
                {menu.children.map((category) => (
                  <li key={`${category.href}-${category.label}`}>
                    <SmartLink href={category.href} className={styles.categoryLink}>
                      {category.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            ) : null}
            <SmartLink href={menu.href} className={styles.shopAll}>
              {`Shop all ${menu.label}`}
              <ArrowRightIcon className={styles.shopAllIcon} />
            </SmartLink>
          </div>
          {menu.cards.length > 0 ? (
            <ul className={styles.cards} aria-label={`Featured ${menu.label}`}>
              {menu.cards.map((card) => (
                <li key={`${card.href}-${card.label}`}>
                  <NavCard card={card} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * An image card (child_navigations): image, title and subtitle; the hover image is swapped in on
 * hover and keyboard focus (CSS). The images are decorative here because the card's visible title
 * and subtitle already name the link.
 */
export function NavCard({ card, className }: { card: NavItem; className?: string }) {
  return (
    <SmartLink href={card.href} className={[styles.card, className].filter(Boolean).join(' ')}>
      <span className={styles.cardMedia}>
        {card.image ? <img className={styles.cardImage} src={card.image.src} alt="" loading="lazy" width={600} height={400} /> : null}
        {card.bgImage ? (
          <img className={styles.cardHoverImage} src={card.bgImage.src} alt="" loading="lazy" width={600} height={400} />
        ) : null}
      </span>
      <span className={styles.cardText}>
        <span className={styles.cardTitle}>{card.label}</span>
        {card.subtitle ? <span className={styles.cardSubtitle}>{card.subtitle}</span> : null}
      </span>
    </SmartLink>
  );
}
