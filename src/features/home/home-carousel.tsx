import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { ChevronIcon, PauseIcon, PlayIcon } from '../../components/icons';
import styles from './home-carousel.module.css';
import type { HomeCarouselCard } from './map-home';
import { prefersReducedMotion } from '../../components/reduced-motion';

interface HomeCarouselProps {
  cards: HomeCarouselCard[];
}

/** The first slide is the page's largest image: fetched first, sized before it arrives. */
function SlideImage({ card, first, alt }: { card: HomeCarouselCard; first: boolean; alt: string }) {
  return (
    <img
      className={styles.image}
      src={card.imgUrl}
      alt={alt}
      width={card.width}
      height={card.height}
      fetchPriority={first ? 'high' : undefined}
      loading={first ? 'eager' : 'lazy'}
    />
  );
}

/**
 * A slide with words (decision 043): the headline, its line and the call to action are text over
 * the image on wide screens and under it on phones. The call to action's link covers the whole
 * slide, so the slide stays an image link.
 */
function HeroSlide({ card, first, active }: { card: HomeCarouselCard; first: boolean; active: boolean }) {
  return (
    <div className={styles.hero}>
      <SlideImage card={card} first={first} alt={card.alt} />
      <div className={styles.caption}>
        <h2 className={styles.heading}>{card.heading}</h2>
        {card.text ? <p className={styles.text}>{card.text}</p> : null}
        <Link className={styles.cta} to={card.url} tabIndex={active ? undefined : -1}>
          {card.ctaLabel}
        </Link>
      </div>
    </div>
  );
}

/** Embla, after hydration (decision 047); if its chunk fails, the buttons still move the slides. */
const EmblaHomeCarousel = lazy(() => import('./home-carousel-embla').catch(() => ({ default: () => null })));

/**
 * Carousel of image links that advances every 5 s and loops (catalogue-and-content.md
 * sections 4 and 9). Follows the WAI-ARIA carousel pattern: previous/next and slide-picker buttons
 * (and the arrow keys, once Embla runs), a pause/play button, and rotation pauses while the pointer or focus is
 * inside; it starts paused for visitors who prefer reduced motion. The server renders the first
 * slide and the controls; once hydrated, Embla (home-carousel-embla.tsx, its own chunk) takes
 * over the same markup: the sliding, the loop and the 5 s timer. The slide on show stays this
 * component's state, which the buttons set and Embla follows and reports; before Embla arrives
 * the buttons move the track on their own. Purely presentational state, so it stays in the view.
 */
export function HomeCarousel({ cards }: HomeCarouselProps) {
  const [index, setIndex] = useState(0);
  // Starts playing on the server and in the browser alike (hydration), then pauses at once for a
  // visitor who prefers reduced motion.
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const count = cards.length;
  const rotating = playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
    setViewport(viewportRef.current);
  }, []);

  if (count === 0) return null;
  const current = index % count;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="Featured"
      // Where the track sits until Embla moves it (home-carousel.module.css).
      style={{ '--slide-index': current } as CSSProperties}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.track} aria-live={rotating ? 'off' : 'polite'}>
          {cards.map((card, cardIndex) => {
            const active = cardIndex === current;
            const label = `${cardIndex + 1} of ${count}`;
            return (
              <div
                key={`${card.url}-${cardIndex}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={label}
                aria-hidden={!active}
              >
                {card.heading ? (
                  <HeroSlide card={card} first={cardIndex === 0} active={active} />
                ) : (
                  <Link className={styles.slideLink} to={card.url} tabIndex={active ? undefined : -1}>
                    <SlideImage card={card} first={cardIndex === 0} alt={card.alt || `Featured item ${label}`} />
                  </Link>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button type="button" className={styles.control} aria-label={playing ? 'Pause slide rotation' : 'Start slide rotation'} onClick={() => setPlaying(!playing)}>
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button type="button" className={styles.control} aria-label="Previous slide" onClick={() => go(current - 1)}>
            <ChevronIcon direction="left" />
          </button>
          <div className={styles.dots}>
            {cards.map((card, cardIndex) => (
              <button
                key={`${card.url}-${cardIndex}`}
                type="button"
                className={styles.dot}
                aria-label={`Show slide ${cardIndex + 1} of ${count}`}
                aria-current={cardIndex === current ? 'true' : undefined}
                onClick={() => go(cardIndex)}
              />
            ))}
          </div>
          <button type="button" className={styles.control} aria-label="Next slide" onClick={() => go(current + 1)}>
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
      {viewport && count > 1 ? (
        <Suspense fallback={null}>
          <EmblaHomeCarousel viewport={viewport} index={current} rotating={rotating} onSelect={setIndex} onInteract={() => setPlaying(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
