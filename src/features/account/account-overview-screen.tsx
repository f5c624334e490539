import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { connect, sameSessionView } from '../../../machines/session/session.connect';
import { useAppActors } from '../../app/providers';
import styles from './account-overview-screen.module.css';

/**
 * The account index (/profile) as far as the identity issue goes: who is signed in, with the
 * Change Password and Logout intents (shop-core.md section 2, "Account area"). The navigation,
 * newsletter status and default addresses of the full overview come with the account-area issue.
 */
export function AccountOverviewScreen() {
  const { session } = useAppActors();
  const location = useLocation();
  const account = useSelector(session, (snapshot) => connect(snapshot, session.send), sameSessionView);

  return (
    <section className={styles.screen} aria-labelledby="account-title">
      <h1 id="account-title">My Account</h1>
      <h2 className={styles.heading}>Contact information</h2>
      {account.hasProfile || account.name || account.email ? (
        <dl className={styles.details}>
          <dt>Name</dt>
          <dd>{account.name}</dd>
          <dt>Email</dt>
          <dd>{account.email}</dd>
        </dl>
      ) : (
        <p className={styles.muted}>Loading your details…</p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => account.changePassword(location.pathname)}>
          Change Password
        </button>
        <button type="button" className={styles.button} onClick={account.logout}>
          Logout
        </button>
      </div>
    </section>
  );
}
