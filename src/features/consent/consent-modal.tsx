import { useSelector } from '@xstate/react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { connect } from '../../../machines/consent/consent.connect';
import { useAppActors } from '../../app/providers';
import styles from './consent-modal.module.css';

/**
 * Analytics consent (shop-core.md section 2, "Modals"): 'We value your privacy', Accept or
 * Decline. A react-aria modal dialog: focus moves into it and stays there until the visitor
 * chooses, the page behind is inert for screen readers, and both choices are equally prominent
 * buttons reachable with Tab. Escape and a click outside do not decide for the visitor; nothing
 * is tracked until Accept is pressed.
 */
export function ConsentModal() {
  const { consent } = useAppActors();
  const open = useSelector(consent, (snapshot) => snapshot.matches('undecided'));
  const api = connect(consent.getSnapshot(), consent.send);

  return (
    <ModalOverlay className={styles.overlay} isOpen={open} isDismissable={false} isKeyboardDismissDisabled>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-labelledby="consent-title" aria-describedby="consent-text">
          <Heading slot="title" id="consent-title" className={styles.title}>
            We value your privacy
          </Heading>
          <p id="consent-text" className={styles.text}>
            With your permission we count page views and moments of inactivity to learn how our shop is used. We
            collect this ourselves, keep nothing that identifies you, and share it with no one. Your choice is saved
            on this device.
          </p>
          <div className={styles.actions}>
            <Button className={styles.decline} onPress={api.decline}>
              Decline
            </Button>
            <Button className={styles.accept} onPress={api.accept}>
              Accept
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
