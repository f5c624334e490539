import { Link, useLocation } from 'react-router-dom';
import { connect } from '../../../machines/session/session.connect';
import { paths } from '../../config/paths';
import { useConnect } from '../../components/use-connect';
import { useAppActors } from '../../services/providers';
import styles from './account.module.css';
import { useProfile } from './use-account';

/**
 * /profile/account-information (shop-core.md section 2): the account as the shop knows it: the
 * sign-in email and the name and phone on file, with the password kept by the identity provider
 * (Change Password), and how many addresses and orders the account holds.
 */
export function AccountInformationScreen() {
  const { session } = useAppActors();
  const location = useLocation();
  const account = useConnect(session, (snapshot) => connect(snapshot, session.send));
  const profile = useProfile();

  return (
    <section aria-labelledby="account-information-title">
      <h1 id="account-information-title" className={styles.title}>
        Account information
      </h1>
      <div className={styles.cards}>
        <article className={styles.card} aria-label="Sign-in">
          <h2 className={styles.cardTitle}>Sign-in</h2>
          <dl className={styles.details}>
            <dt>Email</dt>
            <dd>{account.email}</dd>
            <dt>Password</dt>
            <dd>Kept by our sign-in service</dd>
          </dl>
          <div className={styles.cardActions}>
            <button type="button" className={styles.linkButton} onClick={() => account.changePassword(location.pathname)}>
              Change Password
            </button>
          </div>
        </article>
        <article className={styles.card} aria-label="Personal details">
          <h2 className={styles.cardTitle}>Personal details</h2>
          <dl className={styles.details}>
            <dt>First name</dt>
            <dd>{profile?.firstName}</dd>
            <dt>Last name</dt>
            <dd>{profile?.lastName}</dd>
            <dt>Phone</dt>
            <dd>{profile?.phoneNumber || <span className={styles.muted}>Not given</span>}</dd>
          </dl>
          <div className={styles.cardActions}>
            <Link to={paths.profileDetails} className={styles.link} aria-label="Edit personal details">
              Edit
            </Link>
          </div>
        </article>
        <article className={styles.card} aria-label="Activity">
          <h2 className={styles.cardTitle}>Activity</h2>
          <dl className={styles.details}>
            <dt>Saved addresses</dt>
            <dd>{profile?.addresses.length ?? 0}</dd>
            <dt>Orders</dt>
            <dd>{profile?.orders.length ?? 0}</dd>
          </dl>
          <div className={styles.cardActions}>
            <Link to={paths.profileAddressBook} className={styles.link}>
              Address Book
            </Link>
            <Link to={paths.profileOrders} className={styles.link}>
              My Orders
            </Link>
          </div>
        </article>
      </div>
    </section>
  );
}
