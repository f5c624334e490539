import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useAppActors } from '../../app/providers';
import { createPromotionStore } from './promotion-store';
import { selectPromotion } from './select-promotion';

// The pop-up (react-aria's overlay machinery) loads only when a promotion is to be shown.
const PromotionPopup = lazy(() => import('./promotion-popup').then((module) => ({ default: module.PromotionPopup })));

/**
 * Shows the promotion of an applied discount (the cart's `appliedDiscounts[].promotionalPageInfo
 * .data[0]`, read from the cart machine) once per discount and tab. It waits while the consent
 * modal is open, so the visitor never faces two dialogs at once.
 */
export function PromotionSlot() {
  const { cart, consent } = useAppActors();
  const [store] = useState(() => createPromotionStore());
  const appliedDiscounts = useSelector(cart, (snapshot) => snapshot.context.cart?.appliedDiscounts);
  const dismissed = useSelector(store, (snapshot) => snapshot.context.dismissed);
  const consentOpen = useSelector(consent, (snapshot) => snapshot.matches('undecided'));
  const promotion = consentOpen ? null : selectPromotion(appliedDiscounts, dismissed);
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
