import { useActorSelector } from '../services/actor-selector';
import { Link } from 'react-router-dom';
import { selectIsBusy } from '../../machines/cart/cart.selectors';
import { ActorBoundary, useAppActors } from '../services/providers';
import { CartIcon } from './icons';
import { toCartLine } from '../domain/cart-line';
import { discountLabel, formatPrice } from '../domain/money';
import styles from './collection-card.module.css';
import type { CollectionItem } from '../domain/map-collection';

export interface CollectionCardProps {
  item: CollectionItem;
  /** Level of the card's title heading, so it follows the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** 'promo': the larger feature card of the cards layout (image beside the text on wide screens). */
  variant?: 'grid' | 'promo';
  /** The first card of a page: its image is the page's largest above the fold, fetched first. */
  priority?: boolean;
}

/** A card may add to the cart only when the item has no variants and stock on hand (section 9). */
export function canAddFromCard(item: CollectionItem): boolean {
  return item.noVariants && item.qtyOnHand > 0 && Boolean(item.sku) && item.finalPrice !== null;
}

/**
 * A product card of the collection grids, search results and related products
 * (catalogue-and-content.md sections 3 and 9): image (a second image on hover), title, subtitle,
 * price with '(N% off)' and the struck original when discounted, an FFL badge, 'Sold out' when
 * none of the product's priced skus has stock (issue 19 item 2), and an add-to-cart button
 * (quantity 1) only when the item has no variants and stock above 0.
 * The title link stretches over the whole card, so the card is one link plus the button.
 */
export function CollectionCard({ item, headingLevel = 3, variant = 'grid', priority = false }: CollectionCardProps) {
  const Heading = `h${headingLevel}` as const;
  const discount = item.price !== null && item.finalPrice !== null ? discountLabel(item.price, item.finalPrice) : null;
  return (
    <article className={variant === 'promo' ? `${styles.card} ${styles.promo}` : styles.card}>
      <div className={styles.media}>
        {item.imageUrl ? (
          <img
            className={styles.image}
            src={item.imageUrl}
            alt={item.imageAlt}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className={styles.noImage} aria-hidden="true" />
        )}
        {item.hoverImageUrl ? (
          <img className={styles.hoverImage} src={item.hoverImageUrl} alt="" loading="lazy" decoding="async" />
        ) : null}
        {item.fflItem ? (
          <span className={styles.badge} title="Ships to a licensed firearms dealer (FFL)">
            FFL item
          </span>
        ) : null}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link className={styles.link} to={item.url}>
            {item.title}
          </Link>
        </Heading>
        {item.subtitle ? <p className={styles.subtitle}>{item.subtitle}</p> : null}
        {item.finalPrice !== null ? (
          <p className={styles.price}>
            <span className={styles.finalPrice}>
              {discount ? <span className="visually-hidden">Sale price </span> : null}
              {formatPrice(item.finalPrice)}
            </span>
            {discount && item.price !== null ? (
              <>
                {' '}
                <s className={styles.original}>
                  <span className="visually-hidden">Original price </span>
                  {formatPrice(item.price)}
                </s>{' '}
                <span className={styles.discount}>{discount}</span>
              </>
            ) : null}
            {item.soldOut ? <span className={styles.soldOut}>Sold out</span> : null}
          </p>
        ) : item.soldOut ? (
          <p className={styles.price}>
            <span className={styles.soldOut}>Sold out</span>
          </p>
        ) : null}
        {canAddFromCard(item) ? (
          <ActorBoundary>
            <AddToCartButton item={item} />
          </ActorBoundary>
        ) : null}
      </div>
    </article>
  );
}

function AddToCartButton({ item }: { item: CollectionItem }) {
  const { cart } = useAppActors();
  // While a cart change is queued or running the button waits (machines/cart/cart.selectors.ts).
  const isBusy = useActorSelector(cart, selectIsBusy);
  const add = () =>
    cart.send({
      type: 'cart.item.add',
      line: toCartLine({
        productName: item.title,
        sku: item.sku,
        quantity: 1,
        imageUrl: item.imageUrl,
        price: item.price,
        finalPrice: item.finalPrice,
        productUrl: item.url,
        fflItem: item.fflItem,
        receiverItem: item.receiverItem,
        restrictedStates: item.restrictedStates,
        restrictedZips: item.restrictedZips,
      }),
    });
  return (
    <button type="button" className={styles.add} onClick={add} disabled={isBusy} aria-busy={isBusy || undefined}>
      <CartIcon aria-hidden="true" className={styles.addIcon} />
      Add to Cart<span className="visually-hidden">: {item.title}</span>
    </button>
  );
}
