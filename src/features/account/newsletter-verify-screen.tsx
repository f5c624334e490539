import { useActorRef } from '@xstate/react';
import { useActorSelector } from '../../services/actor-selector';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { createAccountActors } from '../../../machines/account/account.actors';
import { verifyStatus } from '../../../machines/account/account.connect';
import { VERIFY_TEXTS } from '../../../machines/account/account.types';
import { newsletterVerifyMachine } from '../../../machines/account/newsletter-verify.machine';
import { paths } from '../../config/paths';
import { useAppServices } from '../../services/providers';
import { useForwardNotifications } from '../../components/use-notifications';
import styles from './account.module.css';

/**
 * /Newsletter/verify/{token} (shop-core.md sections 2 and 8): 'VERIFYING EMAIL...' while the
 * machine verifies the token, then its notice ('Email verified successfully', the server's
 * message, or 'Email verification failed') and home.
 */
export function NewsletterVerifyScreen() {
  const { token = '' } = useParams();
  const services = useAppServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () => newsletterVerifyMachine.provide({ actors: { verifyEmail: createAccountActors(services.api).verifyEmail } }),
    [services.api],
  );
  const verify = useActorRef(machine, { input: { token } });
  const status = useActorSelector(verify, verifyStatus);

  // The result ends the visit and the view goes home: the notice announces that page and
  // survives the route change (docs/decisions/036).
  useForwardNotifications(verify, () => true);

  useEffect(() => {
    if (status === 'done') navigate(paths.home, { replace: true });
  }, [status, navigate]);

  return (
    <section className={styles.verify} aria-labelledby="verify-title" aria-busy={status === 'verifying'}>
      <h1 id="verify-title">{VERIFY_TEXTS.verifying}</h1>
    </section>
  );
}
