import type { SnapshotFrom } from 'xstate';
import type { notificationMachine } from './notification.machine';
import type { NotificationEvent, NotificationKind } from './notification.types';

type NotificationSnapshot = SnapshotFrom<typeof notificationMachine>;
type Send = (event: NotificationEvent) => void;

/**
 * Turns a notification snapshot into what a view needs (zag's connect pattern): booleans, the
 * text, intents and prop getters. Framework-agnostic: the props are plain attributes and
 * handlers any renderer can spread.
 */
export function connect(snapshot: NotificationSnapshot, send: Send) {
  const visible = snapshot.matches('visible');
  const kind: NotificationKind = snapshot.context.kind ?? 'info';
  const isError = visible && kind === 'error';
  const close = () => send({ type: 'notification.close' });

  return {
    visible,
    kind,
    isError,
    text: snapshot.context.text,
    close,
    show: (nextKind: NotificationKind, text: string) => send({ type: 'notification.show', kind: nextKind, text }),
    /** Errors interrupt (alert); other kinds are announced politely (status). Click closes. */
    getRootProps: () => ({
      role: isError ? ('alert' as const) : ('status' as const),
      'data-kind': kind,
      'data-state': visible ? ('visible' as const) : ('hidden' as const),
      onClick: close,
    }),
    getCloseButtonProps: () => ({
      type: 'button' as const,
      'aria-label': 'Close notification',
      onClick: (event?: { stopPropagation?: () => void }) => {
        event?.stopPropagation?.();
        close();
      },
    }),
  };
}

export type NotificationApi = ReturnType<typeof connect>;
