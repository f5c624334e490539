import { useActorSelector } from '../../services/actor-selector';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useNavigationType, useSearchParams, NavigationType } from 'react-router-dom';
import { orderReview } from '../../../machines/checkout/checkout.connect';
import { sessionStatus } from '../../../machines/session/session.connect';
import { checkoutUrl, confirmUrl, paths } from '../../config/paths';
import { useAppActors, useAppServices } from '../../services/providers';
import { billingPrefill } from '../../domain/checkout-prefill';
import { hasFflItems } from '../../domain/ffl-items';
import { BillingStep, type BillingDefaults } from './billing-step';
import type { createCheckoutLoader } from './checkout-loaders';
import styles from './checkout.module.css';
import { CheckoutProgress } from './checkout-progress';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { RestrictedItemsModal } from './restricted-items-modal';
import { useCheckout } from './use-checkout';

/**
 * /checkout (shop-core.md section 2): billing then payment, one route; `stepId` mirrors the
 * checkout machine's step (the view writes it, the machine decides it, so a deep link to
 * ?stepId=payment before billing is complete shows billing).
 */
export function CheckoutScreen() {
  const { shippingMethods } = useLoaderData<ReturnType<typeof createCheckoutLoader>>();
  const actors = useAppActors();
  const { api: checkout, tokenizer, dealer, draft } = useCheckout();
  const { settings } = useAppServices();
  const cart = useActorSelector(actors.cart, (snapshot) => snapshot.context.cart);
  const status = useActorSelector(actors.session, sessionStatus);
  const profile = useActorSelector(actors.session, (snapshot) => snapshot.context.profile);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const step = checkout.step;

  const urlStep = params.get('stepId');
  const navigationType = useNavigationType();
  const { key: locationKey } = useLocation();
  const seenLocation = useRef(locationKey);
  const { canGoBack, back } = checkout;
  useEffect(() => {
    const historyMoved = seenLocation.current !== locationKey && navigationType === NavigationType.Pop;
    seenLocation.current = locationKey;
    if (urlStep === step) return;
    // The browser's Back from payment to billing is the step's Back (when the machine allows it).
    if (historyMoved && urlStep === 'billing' && step === 'payment' && canGoBack) {
      back();
      return;
    }
    // Otherwise the URL follows the machine: reaching payment adds a history entry (so Back
    // returns to billing); every other mismatch (a deep link, Forward to payment) is replaced.
    setParams({ stepId: step }, { replace: !(step === 'payment' && urlStep === 'billing') });
  }, [urlStep, step, locationKey, navigationType, canGoBack, back, setParams]);

  useEffect(() => {
    window.scrollTo({ top: 0 });
    if (step === 'payment') tokenizer.preload().catch(() => {});
  }, [step, tokenizer]);

  useEffect(() => {
    if (checkout.orderId !== null) navigate(confirmUrl(checkout.orderId), { replace: true });
    else if (checkout.isEmptied) navigate(paths.home);
  }, [checkout.orderId, checkout.isEmptied, navigate]);

  const hasFfl = hasFflItems(cart?.items);
  const signedIn = status === 'authenticated';
  // The form starts from what was typed before a reload or a visit elsewhere (the checkout's
  // draft, decision 040) until billing is submitted in this visit; then from the submitted values.
  const billingAtStart = useRef(checkout.billing);
  const formStart = checkout.billing !== billingAtStart.current ? checkout.billing : (draft ?? checkout.billing);
  const defaults: BillingDefaults = useMemo(
    () => ({
      billing: billingPrefill(signedIn ? profile : null, shippingMethods, formStart),
    }),
    [signedIn, profile, shippingMethods, formStart],
  );
  // The payment step's review; the licence ending is the dealer step's (the checkout keeps the form's fields).
  const chosenDealer = dealer?.chosen ?? null;
  const review = useMemo(
    () => orderReview(checkout, shippingMethods, chosenDealer ? { dealerId: chosenDealer.dealerId, licenceEnding: chosenDealer.licenceEnding } : null),
    [checkout, shippingMethods, chosenDealer],
  );

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <h1 className={styles.title}>Checkout</h1>
        {status === 'anonymous' ? (
          <div className={styles.signIn}>
            <span className={styles.muted}>Have an account?</span>
            <button type="button" className={styles.secondary} onClick={() => actors.session.send({ type: 'session.signin', returnTo: checkoutUrl('billing') })}>
              Sign in
            </button>
          </div>
        ) : null}
      </div>
      <CheckoutProgress step={step} onBilling={checkout.back} canGoBack={checkout.canGoBack} />
      <div className={styles.layout}>
        <div className={styles.main}>
          {cart && cart.items.length === 0 && step === 'billing' ? (
            <p className={styles.card}>
              There are no products in the cart. <Link to={paths.home}>Continue shopping</Link>
            </p>
          ) : null}
          {step === 'billing' ? (
            <BillingStep
              key={signedIn && profile ? `profile-${profile.keycloakId}` : 'guest'}
              checkout={checkout}
              dealer={dealer}
              mapToken={settings.mapboxToken}
              shippingMethods={shippingMethods}
              hasFfl={hasFfl}
              defaults={defaults}
              lockedEmail={signedIn && profile ? profile.email : null}
            />
          ) : (
            <PaymentStep checkout={checkout} review={review} />
          )}
        </div>
        <OrderSummary cart={cart} computed={checkout.computedCart} />
      </div>
      <RestrictedItemsModal checkout={checkout} />
    </div>
  );
}
