import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useAppActors } from '../../app/providers';

// The modal (react-aria's overlay machinery) loads only for a visitor who has not decided yet.
const ConsentModal = lazy(() => import('./consent-modal').then((module) => ({ default: module.ConsentModal })));

/** Shows the consent modal while no decision exists (shop-core.md section 4: undecided). */
export function ConsentSlot() {
  const { consent } = useAppActors();
  const undecided = useSelector(consent, (snapshot) => snapshot.matches('undecided'));
  if (!undecided) return null;
  return (
    <Suspense fallback={null}>
      <ConsentModal />
    </Suspense>
  );
}
