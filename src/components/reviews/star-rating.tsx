import styles from './reviews.module.css';

interface StarRatingProps {
  /** 0 to 5; fractions fill part of a star (averages). */
  value: number;
  size?: 'sm' | 'lg';
}

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6-4.9-4.6 6.6-.8z';

/** Five stars filled to the rating; one accessible name ('4.5 out of 5 stars'), the shapes are decoration. */
export function StarRating({ value, size = 'sm' }: StarRatingProps) {
  const rating = Math.min(5, Math.max(0, value));
  const label = `${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`;
  return (
    <span className={`${styles.stars} ${size === 'lg' ? styles.starsLarge : ''}`} role="img" aria-label={label}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, rating - index));
        return (
          <svg key={index} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.star}>
            <path d={STAR} className={styles.starEmpty} />
            {fill > 0 ? (
              <path d={STAR} className={styles.starFull} style={fill < 1 ? { clipPath: `inset(0 ${(1 - fill) * 100}% 0 0)` } : undefined} />
            ) : null}
          </svg>
        );
      })}
    </span>
  );
}
