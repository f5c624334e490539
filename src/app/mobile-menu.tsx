import { useSelector } from '@xstate/store-react';
import {
  Button,
  Dialog,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  Modal,
  ModalOverlay,
} from 'react-aria-components';
import { Link, useLocation } from 'react-router-dom';
import { connect } from '../../machines/session/session.connect';
import { useConnect } from '../components/use-connect';
import { ArrowRightIcon, ChevronDownIcon, CloseIcon, MapPinIcon, UserIcon } from '../components/icons';
import type { NavMenu } from '../domain/map-shell';
import { NavCard } from './mega-menu';
import styles from './mobile-menu.module.css';
import { paths } from '../config/paths';
import { useAppActors, useAppServices } from '../services/providers';
import { SmartLink } from '../components/smart-link';

/**
 * Mobile menu (catalogue-and-content.md sections 2 and 4, "Mobile nav"): a modal drawer below the
 * desktop breakpoint with one expandable section per menu (sub-categories and image cards), then
 * the dealer-locator and account links. It closes with its button, Escape, a press outside or any
 * route change (ui-store `route.changed`). Lazy-loaded on first open: react-aria's modal and
 * disclosure code stays out of the first load.
 */
export function MobileMenu({ menus }: { menus: NavMenu[] }) {
  const { ui } = useAppServices();
  const isOpen = useSelector(ui, (snapshot) => snapshot.context.mobileMenuOpen);

  return (
    <ModalOverlay
      className={styles.overlay}
      isDismissable
      isOpen={isOpen}
      onOpenChange={(open) => (open ? ui.trigger['menu.open']() : ui.trigger['menu.close']())}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-labelledby="mobile-menu-title" id="mobile-menu">
          <div className={styles.top}>
            <Heading slot="title" id="mobile-menu-title" className={styles.title}>
              Menu
            </Heading>
            <Button className={styles.close} slot="close" aria-label="Close menu">
              <CloseIcon />
            </Button>
          </div>
          <nav className={styles.body} aria-label="Main">
            {menus.length > 0 ? (
              <DisclosureGroup className={styles.sections}>
                {menus.map((menu) => (
                  <MenuSection key={menu.id} menu={menu} />
                ))}
              </DisclosureGroup>
            ) : null}
            <ul className={styles.utility}>
              <li>
                <Link to={paths.dealerLocator} className={styles.utilityLink}>
                  <MapPinIcon className={styles.utilityIcon} />
                  Dealer Locator
                </Link>
              </li>
              <li>
                <AccountLink />
              </li>
            </ul>
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function MenuSection({ menu }: { menu: NavMenu }) {
  return (
    <Disclosure id={menu.id} className={styles.section}>
      <Heading level={3} className={styles.sectionHeading}>
        <Button slot="trigger" className={styles.sectionTrigger}>
          {menu.label}
          <ChevronDownIcon className={styles.sectionChevron} />
        </Button>
      </Heading>
      <DisclosurePanel className={styles.sectionPanel}>
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
        {menu.cards.length > 0 ? (
          <ul className={styles.cards} aria-label={`Featured ${menu.label}`}>
            {menu.cards.map((card) => (
              <li key={`${card.href}-${card.label}`}>
                <NavCard card={card} />
              </li>
            ))}
          </ul>
        ) : null}
        <SmartLink href={menu.href} className={styles.shopAll}>
          {`Shop all ${menu.label}`}
          <ArrowRightIcon className={styles.shopAllIcon} />
        </SmartLink>
      </DisclosurePanel>
    </Disclosure>
  );
}

/**
 * The account entry with a visible label: 'Sign in' (coming back to this page) for visitors,
 * 'Account' (/profile) once signed in; the same rule as the header's AccountControl.
 */
function AccountLink() {
  const { session } = useAppActors();
  const location = useLocation();
  const account = useConnect(session, (snapshot) => connect(snapshot, session.send));

  if (account.isAnonymous || account.isSigningIn) {
    return (
      <button
        type="button"
        className={styles.utilityLink}
        disabled={account.isSigningIn}
        onClick={() => account.signIn(`${location.pathname}${location.search}${location.hash}`)}
      >
        <UserIcon className={styles.utilityIcon} />
        Sign in
      </button>
    );
  }
  return (
    <Link to={paths.profile} className={styles.utilityLink}>
      <UserIcon className={styles.utilityIcon} />
      Account
    </Link>
  );
}
