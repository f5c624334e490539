import { ArrowUpIcon } from '../components/icons';
import { PAGE_TOP_ID } from './header';

/**
 * The footer's back-to-top control (catalogue-and-content.md section 2, "Footer"): jumps to the
 * top and moves focus to the top of the page (the header), so keyboard and screen-reader users
 * land where sighted users do and the next Tab reaches the logo. An instant jump, not a smooth
 * scroll: Chromium dropped a smooth scroll begun while the page was still settling (parts loaded
 * after hydration arriving), and the press then did nothing (seen twice in the whole e2e run,
 * the page staying where it was for 10 s). A jump cannot be cut short.
 */
export function scrollToPageTop() {
  window.scrollTo({ top: 0, behavior: 'instant' });
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
