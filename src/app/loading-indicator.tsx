import { useSelector } from '@xstate/store-react';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useAppServices } from '../services/providers';

/**
 * Full-page spinner while API requests are pending or the router is loading (shop-core.md
 * section 2), from the shopper's first action on the page (a press, a key, a navigation). The
 * page arrived rendered by the server and stays usable while the machines' own first requests
 * (session, cart) run behind it, so those never cover it (docs/decisions/025).
 */
export function LoadingIndicator() {
  const { pending } = useAppServices();
  const pendingCount = useSelector(pending, (snapshot) => snapshot.context.count);
  const navigating = useNavigation().state !== 'idle';
  const acted = useFirstAction();
  return (acted && pendingCount > 0) || navigating ? <FullPageSpinner /> : null;
}

function useFirstAction(): boolean {
  const [acted, setActed] = useState(false);
  useEffect(() => {
    if (acted) return;
    const act = () => setActed(true);
    window.addEventListener('pointerdown', act, { capture: true, once: true });
    window.addEventListener('keydown', act, { capture: true, once: true });
    return () => {
      window.removeEventListener('pointerdown', act, { capture: true });
      window.removeEventListener('keydown', act, { capture: true });
    };
  }, [acted]);
  return acted;
}
