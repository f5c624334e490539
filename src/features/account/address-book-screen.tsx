import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link, useLocation } from 'react-router-dom';
import { splitAddresses, type AccountApi } from '../../../machines/account/account.connect';
import { profileAddressUrl } from '../../config/paths';
import { addressLines } from './account-format';
import { AddressCard } from './address-card';
import styles from './account.module.css';
import { accountInputOf, useAccount, useProfile } from './use-account';

/**
 * /profile/address-book (shop-core.md section 2): the default addresses, then the others with
 * Edit and Delete (Delete asks first), 'No addresses found' when there are none, and Add New
 * Address to the 'new' edit route. The list is the account machine's (the server answers every
 * change with the whole book).
 */
export function AddressBookScreen() {
  const profile = useProfile();
  const account = useAccount(accountInputOf(profile));
  const location = useLocation();
  const from = { from: location.pathname };
  const { defaults, others } = splitAddresses(account.addresses);

  const actions = (id: number, name: string) => (
    <>
      <Link to={profileAddressUrl(id)} state={from} className={styles.link} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <button type="button" className={styles.linkButton} onClick={() => account.requestDelete(id)} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </>
  );

  return (
    <section aria-labelledby="address-book-title">
      <h1 id="address-book-title" className={styles.title}>
        Address Book
      </h1>
      <p>
        <Link to={profileAddressUrl()} state={from} className={styles.primary}>
          Add New Address
        </Link>
      </p>

      {account.addresses.length === 0 ? (
        <p className={styles.empty}>No addresses found</p>
      ) : (
        <>
          <h2 className={styles.sectionTitle}>Default addresses</h2>
          {defaults.length ? (
            <div className={styles.cards}>
              {defaults.map((address) => (
                <AddressCard key={address.id} title={address.addressName} address={address}>
                  {actions(address.id, address.addressName)}
                </AddressCard>
              ))}
            </div>
          ) : (
            <p className={styles.muted}>You have no default addresses.</p>
          )}
          <h2 className={styles.sectionTitle}>Additional addresses</h2>
          {others.length ? (
            <div className={styles.cards}>
              {others.map((address) => (
                <AddressCard key={address.id} title={address.addressName} address={address}>
                  {actions(address.id, address.addressName)}
                </AddressCard>
              ))}
            </div>
          ) : (
            <p className={styles.muted}>You have no additional addresses.</p>
          )}
        </>
      )}
      <DeleteAddressDialog account={account} />
    </section>
  );
}

/** Delete asks first; Cancel or Escape keeps the address. */
function DeleteAddressDialog({ account }: { account: AccountApi }) {
  const address = account.pendingDelete;
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={account.isConfirmingDelete}
      isDismissable={!account.isDeleting}
      isKeyboardDismissDisabled={account.isDeleting}
      onOpenChange={(open) => {
        if (!open) account.cancelDelete();
      }}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-labelledby="delete-address-title" role="alertdialog">
          <Heading slot="title" id="delete-address-title">
            Delete this address?
          </Heading>
          {address ? (
            <p>
              <strong>{address.addressName}</strong>
              <br />
              {addressLines(address).slice(0, 5).join(', ')}
            </p>
          ) : null}
          <p className={styles.muted}>The address is removed from your address book. This cannot be undone.</p>
          <div className={styles.actions}>
            <Button className={styles.secondary} onPress={account.cancelDelete} isDisabled={account.isDeleting}>
              Cancel
            </Button>
            <Button className={styles.danger} onPress={account.confirmDelete} isDisabled={account.isDeleting}>
              {account.isDeleting ? 'Deleting…' : 'Delete address'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
