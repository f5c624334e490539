import type { CheckoutStep } from '../../../machines/checkout/checkout.types';
import styles from './checkout.module.css';

/**
 * Progress bar (shop-core.md section 2): 'Billing & shipping' and 'Review & Payment'; the first
 * step is a button back to billing while on payment, and a completed step is marked complete.
 * The button is disabled while the machine does not take the way back (an order being placed).
 */
export function CheckoutProgress({ step, onBilling, canGoBack }: { step: CheckoutStep; onBilling: () => void; canGoBack: boolean }) {
  const billingDone = step === 'payment';
  return (
    <nav aria-label="Checkout progress" className={styles.progress}>
      <ol>
        <li className={billingDone ? styles.stepDone : styles.stepCurrent} aria-current={step === 'billing' ? 'step' : undefined}>
          <span className={styles.stepNumber} aria-hidden="true">
            {billingDone ? '✓' : '1'}
          </span>
          {billingDone ? (
            <button type="button" className={styles.stepLink} onClick={onBilling} disabled={!canGoBack}>
              Billing & shipping<span className="visually-hidden"> (completed)</span>
            </button>
          ) : (
            <span>Billing & shipping</span>
          )}
        </li>
        <li className={billingDone ? styles.stepCurrent : styles.stepTodo} aria-current={step === 'payment' ? 'step' : undefined}>
          <span className={styles.stepNumber} aria-hidden="true">
            2
          </span>
          <span>Review & Payment</span>
        </li>
      </ol>
    </nav>
  );
}
