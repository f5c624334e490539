import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectConsentOpen } from '../../../machines/consent/consent.connect';
import { useAppActors } from '../../services/providers';

// The bar loads only for a visitor who has not decided yet, or who asks for it again.
const ConsentBar = lazy(() => import('./consent-bar').then((module) => ({ default: module.ConsentBar })));

/**
 * Shows the consent bar while no decision exists (shop-core.md section 4: undecided) or when the
 * visitor reopened it from the footer (docs/decisions/036).
 */
export function ConsentSlot() {
  const { consent } = useAppActors();
  const open = useSelector(consent, selectConsentOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBar />
    </Suspense>
  );
}
