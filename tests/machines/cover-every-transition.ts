import { afterAll, expect, it } from 'vitest';
import { COVERAGE_TIMEOUT_MS, type TransitionCoverage } from './transition-coverage';

/**
 * A machine's coverage test (DESIGN.md section 5: the generated paths cover every transition).
 * It first runs every counted test body that has not run yet, so it holds in any test order
 * (decision 061 addendum), then expects no transition left untaken. When one is left, the report
 * (each transition ✓ or ✗) is printed after the file's tests, also when this test itself was
 * filtered out. `npm run machines` shows the same coverage without running the tests.
 */
export function itCoversEveryTransition(coverage: TransitionCoverage, name: string): void {
  it('the generated paths cover every transition', async () => {
    await coverage.runCounted();
    expect(coverage.uncovered().map((transition) => transition.label)).toEqual([]);
  }, COVERAGE_TIMEOUT_MS);
  afterAll(() => {
    if (coverage.uncovered().length) console.log(coverage.report(name));
  });
}
