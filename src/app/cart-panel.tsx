import { useSelector } from '@xstate/store-react';
import { useActorSelector } from '../services/actor-selector';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { connect } from '../../machines/cart/cart.connect';
import { CloseIcon } from '../components/icons';
import { NotificationBanner } from '../components/notification-banner';
import { CartLines, CartTotals } from '../features/cart/cart-contents';
import styles from './cart-panel.module.css';
import { checkoutUrl } from '../config/paths';
import { useAppActors, useAppServices } from '../services/providers';

/**
 * Cart panel (shop-core.md section 2, "Cart panel"): a modal drawer opened from the header,
 * closed by its button, Escape, a click outside or any route change (src/app/route-changes.ts).
 * Lines, totals and intents come from the cart machine (machines/cart/cart.connect.ts); CHECKOUT
 * leads to the billing step only when the cart has items.
 */
export function CartPanel() {
  const { ui } = useAppServices();
  const { cart, notification } = useAppActors();
  const isOpen = useSelector(ui, (snapshot) => snapshot.context.cartOpen);
  // Not useConnect: a line's commitQuantity reads the stock on hand and the server's quantity,
  // which the line does not carry, so a kept closure could check against old stock.
  const api = useActorSelector(cart, (snapshot) => connect(snapshot, cart.send));

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
          {/* While the panel is open the page behind it is inert: its notices show here instead. */}
          <NotificationBanner actorRef={notification} />
          <div className={styles.body}>
            {api.isEmpty ? <p className={styles.empty}>There are no products in the cart</p> : <CartLines lines={api.lines} />}
          </div>
          <div className={styles.footer}>
            <CartTotals api={api} />
            {api.canCheckout ? (
              <Link className={styles.checkout} to={checkoutUrl('billing')}>
                CHECKOUT
              </Link>
            ) : (
              <button type="button" className={styles.checkout} disabled>
                CHECKOUT
              </button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
