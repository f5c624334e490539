import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../../components/icons';
import styles from './promotion-popup.module.css';
import type { Promotion } from './select-promotion';

interface PromotionPopupProps {
  promotion: Promotion;
  /** Closed, Escape, a click outside, or Shop Now: the promotion is not shown again this visit. */
  onDismiss: (key: string) => void;
}

/**
 * Promotion pop-up (shop-core.md section 2, "Modals"): title, subtitle, the promotion's image as
 * the background, a Shop Now button to the promoted product, and a close button.
 */
export function PromotionPopup({ promotion, onDismiss }: PromotionPopupProps) {
  const dismiss = () => onDismiss(promotion.key);
  const background = promotion.imageUrl ? { backgroundImage: `url(${JSON.stringify(promotion.imageUrl)})` } : undefined;

  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable onOpenChange={(open) => (open ? undefined : dismiss())}>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-labelledby="promotion-title" style={background} data-has-image={Boolean(background)}>
          <Button className={styles.close} slot="close" aria-label="Close promotion">
            <CloseIcon />
          </Button>
          <div className={styles.content}>
            <Heading slot="title" id="promotion-title" className={styles.title}>
              {promotion.title}
            </Heading>
            {promotion.subtitle ? <p className={styles.subtitle}>{promotion.subtitle}</p> : null}
            {promotion.shopNowPath ? (
              <Link className={styles.shopNow} to={promotion.shopNowPath} onClick={dismiss}>
                Shop Now
              </Link>
            ) : null}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
