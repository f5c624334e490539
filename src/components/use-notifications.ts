import { useEffect, useRef } from 'react';
import type { NotificationShowEvent } from '../../machines/notification/notification.types';
import { useAppActors } from '../services/providers';

/** An actor that raises notices: any machine emitting `notification.show`. */
export interface EmitsNotifications {
  on(type: 'notification.show', handler: (event: NotificationShowEvent) => void): { unsubscribe(): void };
}

/**
 * The one forwarder of a view's machine notices to the notification banner (issue 20 item 2).
 * `survives`, asked when a notice arrives, says whether it announces the move it was raised by (a
 * save that ends the visit, a step change): then it survives that one route change (decision 036).
 */
export function useForwardNotifications(actor: EmitsNotifications, survives?: () => boolean): void {
  const { notification } = useAppActors();
  const ask = useRef(survives);
  ask.current = survives;
  useEffect(() => {
    const subscription = actor.on('notification.show', (event) =>
      notification.send(ask.current?.() ? { ...event, survivesNavigation: true } : event),
    );
    return () => subscription.unsubscribe();
  }, [actor, notification]);
}
