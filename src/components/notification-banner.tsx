import type { ActorRefFrom } from 'xstate';
import { connect } from '../../machines/notification/notification.connect';
import type { notificationMachine } from '../../machines/notification/notification.machine';
import { CloseIcon } from './icons';
import { useConnect } from './use-connect';
import styles from './notification-banner.module.css';

interface NotificationBannerProps {
  actorRef: ActorRefFrom<typeof notificationMachine>;
}

/** The notification banner: shown while the machine is `visible`; a click anywhere closes it. */
export function NotificationBanner({ actorRef }: NotificationBannerProps) {
  const api = useConnect(actorRef, (snapshot) => connect(snapshot, actorRef.send));
  if (!api.visible) return null;

  return (
    <div className={styles.banner} {...api.getRootProps()}>
      <p className={styles.text}>{api.text}</p>
      <button className={styles.close} {...api.getCloseButtonProps()}>
        <CloseIcon />
      </button>
    </div>
  );
}
