import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startShop } from './shop-server';

/**
 * Shared fixtures: the worker's own shop (its base URL), and an axe check that fails the test on
 * any WCAG 2.2 A/AA violation.
 */
/** The analytics consent decision a test starts with (local storage `analyticsConsent`). */
export type StoredConsent = { value: boolean; decidedAt: string } | null;

/** A Content-Security-Policy violation as the browser reported it (`securitypolicyviolation`). */
export interface CspViolation {
  directive: string;
  blockedUri: string;
  sample: string;
  page: string;
}

export const test = base.extend<
  {
  checkA11y: (page: Page) => Promise<void>;
  storedConsent: StoredConsent;
  /** Every CSP violation of the test's pages; a test that provokes them reads this list. */
  cspViolations: CspViolation[];
  /** Whether the test provokes violations on purpose (then it checks `cspViolations` itself). */
  expectCspViolations: boolean;
  /**
   * Uncaught errors and console errors of the test's pages (hydration mismatches among them);
   * network failures the browser logs ("Failed to load resource") are the tests' own business.
   */
  pageErrors: string[];
  /** Whether the test provokes page errors on purpose (then it checks `pageErrors` itself). */
  expectPageErrors: boolean;
  },
  {
    /** This worker's shop: the production build on a free port with its own in-memory database. */
    shop: { url: string };
  }
>({
  shop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shop = await startShop();
      await use({ url: shop.url });
      await shop.close();
    },
    // Migrating and seeding a fresh database can take a while on a loaded machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.url);
  },
  /**
   * Tests start as a visitor who declined analytics, so the consent bar (tested in
   * consent.spec.ts, which sets `test.use({ storedConsent: null })`) does not cover every screen.
   * Written only when no decision is stored, so a decision made during a test survives reloads.
   */
  storedConsent: [{ value: false, decidedAt: '2026-01-01T00:00:00.000Z' }, { option: true }],
  expectCspViolations: [false, { option: true }],
  cspViolations: [
    async ({ context, expectCspViolations }, use) => {
      // Every page runs under the server's enforced policy (server/src/security-headers.ts); the
      // browser reports each refusal, and a journey that needs anything the policy refuses fails.
      const violations: CspViolation[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
          report?.({ directive: event.effectiveDirective, blockedUri: event.blockedURI, sample: event.sample, page: location.pathname });
        });
      });
      await use(violations);
      if (!expectCspViolations) expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  expectPageErrors: [false, { option: true }],
  pageErrors: [
    async ({ context, expectPageErrors }, use) => {
      // Server-rendered pages are hydrated by React (decision 025): a mismatch, an uncaught error
      // or a console error fails the test, whichever page of the test it came from.
      const errors: string[] = [];
      context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
      context.on('console', (message) => {
        if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
        errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      if (!expectPageErrors) expect(errors, 'errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, storedConsent }, use) => {
    if (storedConsent) {
      await context.addInitScript((stored) => {
        try {
          if (!window.localStorage.getItem('analyticsConsent')) {
            window.localStorage.setItem('analyticsConsent', JSON.stringify(stored));
          }
        } catch {
          // A document without storage (the provider's sandboxed frames): nothing to decide there.
        }
      }, storedConsent);
    }
    await use(context);
  },
  /**
   * `page.goto` and `page.reload` return once React has hydrated the server's HTML (decision 025):
   * the page is visible before its script runs, and a control used before hydration would act on
   * HTML React has not taken over yet. A page without the app (the provider's, a JSON answer) or
   * one whose app never starts returns as Playwright's own would; the test's assertions decide.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const hydrated = () =>
        page
          .waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true', undefined, {
            timeout: 10_000,
          })
          .catch(() => undefined);
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await hydrated();
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await hydrated();
        return response;
      };
    }
    await use(page);
  },
  // eslint-disable-next-line no-empty-pattern
  checkA11y: async ({}, use) => {
    await use(async (page) => {
      // Axe measures the page as it is drawn (target-size compares boxes): a check while fonts
      // load, a transition runs (a notice sliding in, a panel closing) or the page scrolls
      // measures a frame that no shopper sees settled (issue 20 item 6). A smooth scroll is no
      // animation: after a refused form the page glides to the top (the notice's scroll), and
      // mid-way the sticky header covers part of a link or a radio, which target-size failed
      // twice in one run. So the check waits for the fonts, for the finite animations to end,
      // and for two frames in a row drawn without a scroll.
      await page.evaluate(async () => {
        await document.fonts.ready;
        const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
        await Promise.race([
          Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, 5_000)),
        ]);
        await new Promise<void>((resolve) => {
          let still = 0;
          const moved = () => {
            still = 0;
          };
          // Scroll events do not bubble; caught on the way down, they come from every scroller.
          document.addEventListener('scroll', moved, { capture: true, passive: true });
          const until = performance.now() + 5_000;
          const frame = () => {
            still += 1;
            if (still < 3 && performance.now() < until) return requestAnimationFrame(frame);
            document.removeEventListener('scroll', moved, { capture: true });
            resolve();
          };
          requestAnimationFrame(frame);
        });
      });
      const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
      // Target size (WCAG 2.5.8) everywhere but the dealer map's markers: each one is a pointer
      // shortcut to its numbered dealer card, a control of 44 px that does the same, which is
      // 2.5.8's "equivalent" exception; in a view of the whole country nearby dealers' markers
      // touch (decision 045). Every other rule still checks the markers. A page without markers
      // is checked in one pass (each pass injects axe into every frame and walks the whole page).
      const markers = '.mapboxgl-marker[data-dealer-id]';
      const hasMarkers = (await page.locator(markers).count()) > 0;
      // axe.run in the page itself ("legacy mode") when every frame is the page's own origin: it
      // checks same-origin frames all the same, without AxeBuilder's other way (a partial run in
      // each frame, then a blank page opened to merge them), which took a third of each check.
      // A cross-origin frame, which only that way reaches, gets it.
      const origin = new URL(page.url()).origin;
      const sameOrigin = page.frames().every((frame) => ['about:blank', ''].includes(frame.url()) || new URL(frame.url()).origin === origin);
      const axe = () => new AxeBuilder({ page }).setLegacyMode(sameOrigin);
      const results = await axe()
        .withTags(tags)
        .disableRules(hasMarkers ? ['target-size'] : [])
        .analyze();
      if (hasMarkers) {
        const targets = await axe().withRules(['target-size']).exclude(markers).analyze();
        results.violations.push(...targets.violations);
      }
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
      );
      expect(summary, summary.join('\n')).toEqual([]);
    });
  },
});

export { expect };
