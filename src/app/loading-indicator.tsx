import { useSelector } from '@xstate/store-react';
import { useEffect } from 'react';
import { useNavigation } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useAppServices } from '../services/providers';
import type { PendingStore } from '../services/pending-store';

/**
 * Full-page spinner while API requests are pending or the router is loading (shop-core.md
 * section 2), for the requests that start from the shopper's first action on the page (a press, a
 * key) and for navigations. The page arrived rendered by the server and stays usable while the
 * machines' own first requests (session, cart) run behind it, so those never cover it, not even
 * when the first press comes while they are still in flight (docs/decisions/025, 068).
 */
export function LoadingIndicator() {
  const { pending } = useAppServices();
  const asked = useSelector(pending, (snapshot) => snapshot.context.asked);
  const navigating = useNavigation().state !== 'idle';
  useFirstAction(pending);
  return asked > 0 || navigating ? <FullPageSpinner /> : null;
}

/**
 * Tells `pending` about the shopper's first press or key (caught before the page handles it); the
 * listeners go with it.
 */
function useFirstAction(pending: PendingStore) {
  useEffect(() => {
    if (pending.getSnapshot().context.acted) return;
    const stop = () => {
      window.removeEventListener('pointerdown', act, { capture: true });
      window.removeEventListener('keydown', act, { capture: true });
    };
    const act = () => {
      stop();
      pending.trigger.acted();
    };
    window.addEventListener('pointerdown', act, { capture: true });
    window.addEventListener('keydown', act, { capture: true });
    return stop;
  }, [pending]);
}
