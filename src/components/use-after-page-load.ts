import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is idle (at most 2 s after the load event). What
 * is not needed for the first view (the footer's sign-up form: zod, conform, the captcha
 * checkbox; the consent bar) then loads without competing with the route's own script, data and
 * images (docs/decisions/020, issue 16).
 */
export function useAfterPageLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    const go = () => setReady(true);
    const schedule = () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(go, { timeout: 2000 });
      else timer = window.setTimeout(go, 200);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
    };
  }, []);
  return ready;
}
