import { useActorSelector } from '../../services/actor-selector';
import { lazy, Suspense } from 'react';
import { selectConsentOpen } from '../../../machines/consent/consent.connect';
import { useAppActors } from '../../services/providers';
import { useAfterPageLoad } from '../../components/use-after-page-load';

// The bar loads only for a visitor who has not decided yet, or who asks for it again.
const ConsentBar = lazy(() => import('./consent-bar').then((module) => ({ default: module.ConsentBar })));

/**
 * Shows the consent bar while no decision exists (shop-core.md section 4: undecided) or when the
 * visitor reopened it from the footer (docs/decisions/036). A first visit sees it once the page has
 * loaded and the browser is idle: it is not part of the first view (issue 16), and mounting it
 * during hydration was a 120 ms task on Lighthouse's throttled phone.
 */
export function ConsentSlot() {
  const { consent } = useAppActors();
  const open = useActorSelector(consent, selectConsentOpen);
  const afterLoad = useAfterPageLoad();
  if (!open || !afterLoad) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBar />
    </Suspense>
  );
}
