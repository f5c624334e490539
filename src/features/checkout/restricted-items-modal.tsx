import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { CheckoutApi } from '../../../machines/checkout/checkout.connect';
import styles from './checkout.module.css';

/**
 * Restricted items (shop-core.md section 5): the blocked items with Remove Items and Update
 * Address. The shopper must choose; Escape and a click outside do not close it. Each item says
 * what blocks it ('RM-30 Rifle Magazine — not available in California'; decision 030).
 */
export function RestrictedItemsModal({ checkout }: { checkout: CheckoutApi }) {
  return (
    <ModalOverlay className={styles.overlay} isOpen={checkout.isRestrictedOpen} isDismissable={false} isKeyboardDismissDisabled>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-labelledby="restricted-title">
          <Heading slot="title" id="restricted-title" className={styles.modalTitle}>
            You have restricted items in your cart
          </Heading>
          <p>Either remove them or edit your address to continue</p>
          <p className={styles.muted}>The following items are restricted in your state or zip code:</p>
          <ul className={styles.restrictedList}>
            {checkout.restrictedLines.map((line) => (
              <li key={line.id}>
                {line.name}
                {line.reason ? ` — ${line.reason}` : null}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button className={styles.secondary} onPress={checkout.updateAddress} isDisabled={checkout.isRemovingItems}>
              Update Address
            </Button>
            <Button className={styles.primary} onPress={checkout.removeRestricted} isDisabled={checkout.isRemovingItems}>
              Remove Items
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
