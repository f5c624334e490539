import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connect } from '../../machines/notification/notification.connect';
import type { notificationMachine } from '../../machines/notification/notification.machine';
import { CloseIcon } from './icons';
import styles from './notification-banner.module.css';

interface NotificationBannerProps {
  actorRef: ActorRefFrom<typeof notificationMachine>;
}

/** The notification banner: shown while the machine is `visible`; a click anywhere closes it. */
export function NotificationBanner({ actorRef }: NotificationBannerProps) {
  // Re-render only when what the banner shows changes (DESIGN.md: never the whole snapshot).
  const api = useSelector(
    actorRef,
    (snapshot) => connect(snapshot, actorRef.send),
    (a, b) => a.visible === b.visible && a.kind === b.kind && a.text === b.text,
  );
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
