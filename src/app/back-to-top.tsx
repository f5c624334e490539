import { ArrowUpIcon } from '../components/icons';
import { PAGE_TOP_ID } from './header';
import { prefersReducedMotion } from '../components/reduced-motion';

/**
 * The footer's back-to-top control (catalogue-and-content.md section 2, "Footer"): scrolls
 * smoothly to the top (instantly when the visitor prefers reduced motion) and moves focus to the
 * top of the page (the header), so keyboard and screen-reader users land where sighted users do
 * and the next Tab reaches the logo.
 */
export function scrollToPageTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  document.getElementById(PAGE_TOP_ID)?.focus({ preventScroll: true });
}

export function BackToTop({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={scrollToPageTop}>
      <ArrowUpIcon aria-hidden="true" />
      Back to top
    </button>
  );
}
