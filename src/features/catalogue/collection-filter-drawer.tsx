import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { CloseIcon } from '../../components/icons';
import styles from './collection-filterable-screen.module.css';

/**
 * The filterable grid's filters on a phone: a modal drawer, so they never push the results off the
 * screen. Its own chunk (React Aria's overlays), fetched when the Filters button is about to be
 * used, so a collection's first load carries none of it.
 */
export function CollectionFilterDrawer({
  isOpen,
  onOpenChange,
  headingId,
  fields,
  resetAll,
  showItemsText,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  headingId: string;
  fields: ReactNode;
  resetAll: ReactNode;
  showItemsText: string;
}) {
  return (
    <ModalOverlay className={styles.overlay} isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className={styles.drawer}>
        <Dialog className={styles.dialog} aria-labelledby={headingId}>
          <div className={styles.drawerHead}>
            <Heading slot="title" id={headingId} className={styles.panelTitle}>
              Filters
            </Heading>
            <Button className={styles.close} slot="close" aria-label="Close filters">
              <CloseIcon />
            </Button>
          </div>
          <div className={styles.drawerBody}>{fields}</div>
          <div className={styles.drawerFoot}>
            {resetAll}
            <Button className={styles.showItems} slot="close">
              {showItemsText}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
