import { useSelector } from '@xstate/store-react';
import { useActorSelector } from '../../services/actor-selector';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectConsentOpen } from '../../../machines/consent/consent.connect';
import { useAppActors } from '../../services/providers';
import { createPromotionStore } from './promotion-store';
import { isPromotionAllowedOn, selectPromotion } from './select-promotion';

// The pop-up (react-aria's overlay machinery) loads only when a promotion is to be shown.
const PromotionPopup = lazy(() => import('./promotion-popup').then((module) => ({ default: module.PromotionPopup })));

/**
 * Shows the promotion of an applied discount (the cart's `appliedDiscounts[].promotionalPageInfo
 * .data[0]`, read from the cart machine) once per discount and tab. It waits while the consent
 * bar is open, so the visitor answers that first, and until the shopper has left checkout
 * (never on /checkout or /confirm: docs/decisions/036).
 */
export function PromotionSlot() {
  const { cart, consent } = useAppActors();
  const [store] = useState(() => createPromotionStore());
  const appliedDiscounts = useActorSelector(cart, (snapshot) => snapshot.context.cart?.appliedDiscounts);
  const dismissed = useSelector(store, (snapshot) => snapshot.context.dismissed);
  const consentOpen = useActorSelector(consent, selectConsentOpen);
  const { pathname } = useLocation();
  const promotion = consentOpen || !isPromotionAllowedOn(pathname) ? null : selectPromotion(appliedDiscounts, dismissed);
  if (!promotion) return null;
  return (
    <Suspense fallback={null}>
      <PromotionPopup
        key={promotion.key}
        promotion={promotion}
        onDismiss={(key) => store.trigger['promotion.dismiss']({ key })}
      />
    </Suspense>
  );
}
