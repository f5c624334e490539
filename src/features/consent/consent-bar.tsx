import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { connect } from '../../../machines/consent/consent.connect';
import { useAppActors } from '../../services/providers';
import { useConnect } from '../../components/use-connect';
import styles from './consent-bar.module.css';
import { COOKIE_PREFERENCES_ID } from './cookie-preferences-id';

/** The page keeps this much room at the bottom while the bar shows (src/styles/global.css). */
const SPACE_PROPERTY = '--consent-bar-space';

/**
 * Analytics consent (shop-core.md section 2, "Modals"): 'We value your privacy', Accept or
 * Decline, as a bar at the bottom that does not block the page (issue 18 item 8,
 * docs/decisions/036). A labelled region, not a modal: no focus trap, the page stays usable,
 * and the page gets bottom padding as tall as the bar, so nothing (Add to Cart at 390 px) stays
 * covered. Nothing is tracked until Accept is pressed. Reopened from the footer's 'Cookie
 * preferences', it takes focus, says which answer is in force, closes with Escape keeping that
 * answer, and hands focus back to the footer button after a choice.
 */
export function ConsentBar() {
  const { consent } = useAppActors();
  const api = useConnect(consent, (snapshot) => connect(snapshot, consent.send));
  const ref = useRef<HTMLElement>(null);
  const { reviewing } = api;

  // Focus moves as the reopened bar appears, in the same commit: with a passive effect there was a
  // moment when the bar showed and focus was still on the footer button (the bar mounts in a
  // non-urgent render once the page has loaded, whose passive effects React runs later).
  useLayoutEffect(() => {
    if (reviewing) ref.current?.focus();
  }, [reviewing]);

  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(SPACE_PROPERTY, `${bar.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(SPACE_PROPERTY);
    };
  }, []);

  const choose = (answer: () => void) => () => {
    answer();
    if (reviewing) document.getElementById(COOKIE_PREFERENCES_ID)?.focus();
  };
  // Escape closes a reopened bar with the answer in force; a first visit must choose.
  const keepAnswer = api.accepted ? api.accept : api.decline;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && reviewing) choose(keepAnswer)();
  };

  return (
    <section
      ref={ref}
      className={styles.bar}
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id="consent-title" className={styles.title}>
            We value your privacy
          </h2>
          <p id="consent-text" className={styles.text}>
            With your permission we count page views and moments of inactivity to learn how our shop is used. We
            collect this ourselves, keep nothing that identifies you, and share it with no one. Your choice is saved
            on this device.
          </p>
          {reviewing ? (
            <p className={styles.current}>
              {api.accepted ? 'You have accepted analytics.' : 'You have declined analytics.'} A new choice applies at once.
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.decline} onClick={choose(api.decline)}>
            Decline
          </button>
          <button type="button" className={styles.accept} onClick={choose(api.accept)}>
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
