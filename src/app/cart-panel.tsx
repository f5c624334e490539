import { useSelector } from '@xstate/react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../components/icons';
import styles from './cart-panel.module.css';
import { checkoutUrl } from './paths';
import { useAppServices } from './providers';

interface CartPanelProps {
  /** Lines in the cart; the cart issue feeds this from the cart machine. */
  itemCount: number;
}

/**
 * Cart panel slot (shop-core.md section 2, "Cart panel"): a modal drawer opened from the header,
 * closed by its button, Escape, a click outside or any route change (src/app/route-changes.ts).
 * Until the cart machine is wired the body shows the empty text; CHECKOUT is disabled while the
 * cart is empty, because it may only lead to checkout when there are items.
 */
export function CartPanel({ itemCount }: CartPanelProps) {
  const { ui } = useAppServices();
  const isOpen = useSelector(ui, (snapshot) => snapshot.context.cartOpen);
  const isEmpty = itemCount === 0;

  return (
    <ModalOverlay
      className={styles.overlay}
      isDismissable
      isOpen={isOpen}
      onOpenChange={(open) => (open ? ui.trigger['cart.open']() : ui.trigger['cart.close']())}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-labelledby="cart-panel-title">
          <div className={styles.header}>
            <Heading slot="title" id="cart-panel-title" className={styles.title}>
              Cart
            </Heading>
            <Button className={styles.close} slot="close" aria-label="Close cart">
              <CloseIcon />
            </Button>
          </div>
          <div className={styles.body}>
            {isEmpty ? <p className={styles.empty}>There are no products in the cart</p> : null}
          </div>
          <div className={styles.footer}>
            {isEmpty ? (
              <button type="button" className={styles.checkout} disabled>
                CHECKOUT
              </button>
            ) : (
              <Link className={styles.checkout} to={checkoutUrl('billing')}>
                CHECKOUT
              </Link>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
