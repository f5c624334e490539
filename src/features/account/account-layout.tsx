import { useActorSelector } from '../../services/actor-selector';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { backTo } from '../../components/navigation-state';
import { paths } from '../../config/paths';
import { useAppActors } from '../../services/providers';
import styles from './account.module.css';

/** Where Back goes without a previous location: a detail screen's list, any other account screen's overview. */
export function backTarget(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed.startsWith(`${paths.profileOrders}/`)) return paths.profileOrders;
  if (trimmed.startsWith(`${paths.profileAddressBook}/`)) return paths.profileAddressBook;
  return paths.profile;
}

/**
 * The account area's frame (shop-core.md section 2): navigation with My Account (the index),
 * My Orders, Address Book and Logout, and a Back link on every screen but the index. Every
 * navigation passes the previous location along as state (section 2, src/components/navigation-state.ts);
 * Back goes there, else to the screen's parent.
 */
/** The previous location, unless it is this very page (a replaced entry); else the parent. */
function backFrom(location: { pathname: string; state: unknown }): string {
  const target = backTo(location.state, backTarget(location.pathname));
  return target.split(/[?#]/)[0] === location.pathname ? backTarget(location.pathname) : target;
}

export function AccountLayout() {
  const { session } = useAppActors();
  const location = useLocation();
  const signingOut = useActorSelector(session, (snapshot) => snapshot.matches('signingOut'));
  const onIndex = location.pathname.replace(/\/+$/, '') === paths.profile;

  return (
    <div className={styles.area}>
      <nav className={styles.nav} aria-label="Account">
        <p className={styles.navTitle}>Account</p>
        <ul className={styles.navList}>
          <li>
            <NavLink to={paths.profile} end className={styles.navLink}>
              My Account
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.profileOrders} className={styles.navLink}>
              My Orders
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.profileAddressBook} className={styles.navLink}>
              Address Book
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className={styles.navButton}
              disabled={signingOut}
              onClick={() => session.send({ type: 'session.signout' })}
            >
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <div className={styles.content}>
        {onIndex ? null : (
          <Link to={backFrom(location)} className={styles.back}>
            <span aria-hidden="true">←</span> Back
          </Link>
        )}
        <Outlet />
      </div>
    </div>
  );
}
