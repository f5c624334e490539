import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../components/reduced-motion';

/** Auto-advance interval of the home carousel (catalogue-and-content.md section 9). */
export const CAROUSEL_INTERVAL_MS = 5000;

export interface EmblaHomeCarouselProps {
  /** The carousel's viewport, already in the page (server-rendered, hydrated). */
  viewport: HTMLElement;
  /** The slide on show, HomeCarousel's state: Embla scrolls to it when the buttons change it. */
  index: number;
  /** Whether the slides should rotate now: playing, and neither hovered nor focused. */
  rotating: boolean;
  /** Embla moved to a slide (autoplay, a drag, a tabbed-to slide). */
  onSelect: (index: number) => void;
  /** The visitor dragged or swiped the slides: rotation stops for good, as the button would. */
  onInteract: () => void;
}

/**
 * Embla (embla-carousel-react and its autoplay plugin, DESIGN.md section 4) driving the home
 * carousel's markup (decision 047). Loaded after hydration, so it is not in home's first-load
 * JavaScript; it renders nothing and takes over the viewport HomeCarousel rendered. HomeCarousel
 * keeps the state (slide on show, pause/play, hover and focus) and the controls. Spec
 * (catalogue-and-content.md section 9): 5000 ms auto-advance, loop, duration 20.
 */
export default function EmblaHomeCarousel({ viewport, index, rotating, onSelect, onInteract }: EmblaHomeCarouselProps) {
  // Fixed at mount: useEmblaCarousel re-initialises when options or plugins change.
  const [options] = useState(() => ({ loop: true, duration: 20, startIndex: index }));
  const [plugins] = useState(() => [
    // HomeCarousel decides when to rotate (pause button, hover, focus, reduced motion), so the
    // plugin only keeps time; a drag stops it (stopOnInteraction) and onInteract says so.
    Autoplay({ delay: CAROUSEL_INTERVAL_MS, playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false }),
  ]);
  const [emblaRef, emblaApi] = useEmblaCarousel(options, plugins);
  const callbacks = useRef({ onSelect, onInteract });
  useEffect(() => {
    callbacks.current = { onSelect, onInteract };
  });

  useEffect(() => {
    // Embla measures with these; without them (an old browser, jsdom) the buttons keep working.
    if (typeof ResizeObserver !== 'function' || typeof IntersectionObserver !== 'function') return;
    emblaRef(viewport);
    return () => emblaRef(null);
  }, [emblaRef, viewport]);

  useEffect(() => {
    if (!emblaApi) return;
    const select = () => callbacks.current.onSelect(emblaApi.selectedScrollSnap());
    const interact = () => callbacks.current.onInteract();
    emblaApi.on('select', select).on('pointerDown', interact);
    // Embla moves the track frame by frame: the stylesheet's transition is off from here on.
    viewport.dataset.embla = '';
    return () => {
      emblaApi.off('select', select).off('pointerDown', interact);
      delete viewport.dataset.embla;
    };
  }, [emblaApi, viewport]);

  useEffect(() => {
    // The arrow keys anywhere in the carousel (its slides' links, its buttons) move it a slide.
    const region = viewport.parentElement;
    if (!emblaApi || !region) return;
    const keydown = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      if (step > 0) emblaApi.scrollNext(prefersReducedMotion());
      else emblaApi.scrollPrev(prefersReducedMotion());
      // From a slide's link, focus follows to the new slide's link: the one it was on is hidden now.
      if (viewport.contains(event.target as Node)) {
        emblaApi.slideNodes()[emblaApi.selectedScrollSnap()]?.querySelector('a')?.focus({ preventScroll: true });
      }
    };
    region.addEventListener('keydown', keydown);
    return () => region.removeEventListener('keydown', keydown);
  }, [emblaApi, viewport]);

  useEffect(() => {
    // With the loop on, Embla takes the short way round (last to first is one step forward).
    if (emblaApi && emblaApi.selectedScrollSnap() !== index) emblaApi.scrollTo(index, prefersReducedMotion());
  }, [emblaApi, index]);

  useEffect(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
  }, [emblaApi, rotating]);

  return null;
}
