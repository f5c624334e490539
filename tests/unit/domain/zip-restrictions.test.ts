// @vitest-environment node
// The restricted-zip rule as properties (decision 026): an entry matches when the destination zip
// starts with it (3 digits: a prefix; 5 digits: one zip), over the real zips of the packaged list.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packagedZips } from '../../../scripts/gen-us-zips.mjs';
import { findRestrictedItems, isRestrictedAt } from '../../../src/domain/restricted-items';
import { stateOfZip } from '../../../src/domain/us-zips';

/** Real zips of the 50 states and DC, each with its own state: valid destinations. */
const destinations = packagedZips()
  .zips.map((zip) => ({ zip, state: stateOfZip(zip) }))
  .filter((d): d is { zip: string; state: string } => d.state !== undefined);

const destination = fc.constantFrom(...destinations);
const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
/** A restricted-zip entry as the catalogue stores them: a 3-digit prefix or a 5-digit zip. */
const entry = fc.oneof(digits(3), digits(5));
const plus4 = digits(4);
const ffl = fc.boolean();

const blocked = (restrictedZips: string[], to: { zip: string; state: string }, isFflItem: boolean) => {
  const item = { isFflItem, restrictedStates: [], restrictedZips };
  const at = { state: to.state, zip: to.zip };
  return findRestrictedItems([item], isFflItem ? { shipping: { state: 'TX', zip: '78701' }, dealer: at } : { shipping: at }).length > 0;
};

describe('restricted zips are prefixes of the destination zip', () => {
  it('no valid zip outside every restricted entry is ever blocked, even where an entry appears inside it', () => {
    fc.assert(
      fc.property(destination, fc.array(entry, { maxLength: 6 }), fc.integer({ min: 1, max: 2 }), ffl, (to, entries, at, isFfl) => {
        // The old rule's victims: the zip's own digits further in (31006 holds '100').
        const inside = to.zip.slice(at, at + 3);
        const restricted = [...entries, inside].filter((e) => !to.zip.startsWith(e));
        return !blocked(restricted, to, isFfl);
      }),
      { numRuns: 2000 },
    );
  });

  it('every zip inside a restricted prefix, or equal to a restricted zip, always is', () => {
    fc.assert(
      fc.property(destination, fc.array(entry, { maxLength: 6 }), fc.constantFrom(3, 5), ffl, (to, entries, length, isFfl) =>
        blocked([...entries, to.zip.slice(0, length)], to, isFfl),
      ),
      { numRuns: 2000 },
    );
  });

  it('blocks exactly when some entry starts the zip', () => {
    fc.assert(
      fc.property(destination, fc.array(entry, { maxLength: 8 }), ffl, (to, entries, isFfl) =>
        blocked(entries, to, isFfl) === entries.some((e) => to.zip.startsWith(e)),
      ),
      { numRuns: 2000 },
    );
  });

  it('a ZIP+4 destination behaves like its five digits', () => {
    fc.assert(
      fc.property(destination, fc.array(entry, { maxLength: 6 }), plus4, fc.boolean(), (to, entries, four, withPrefix) => {
        const restrictedZips = withPrefix ? [...entries, to.zip.slice(0, 3)] : entries;
        const item = { restrictedZips };
        return isRestrictedAt(item, { state: to.state, zip: `${to.zip}-${four}` }) === isRestrictedAt(item, to);
      }),
      { numRuns: 2000 },
    );
  });

  it('the issue\'s cases', () => {
    const magazine = { isFflItem: false, restrictedStates: ['NY', 'IL'], restrictedZips: ['100', '606'] };
    expect(isRestrictedAt(magazine, { state: 'GA', zip: '31006' })).toBe(false);
    expect(isRestrictedAt(magazine, { state: 'GA', zip: '31006-1234' })).toBe(false);
    expect(isRestrictedAt({ restrictedZips: ['100'] }, { state: 'NY', zip: '10001' })).toBe(true);
    expect(isRestrictedAt({ restrictedZips: ['20001'] }, { state: 'DC', zip: '20001-4321' })).toBe(true);
    expect(isRestrictedAt({ restrictedZips: ['20001'] }, { state: 'DC', zip: '20002' })).toBe(false);
    // A zip typed with another state's code is still checked against its own state.
    expect(isRestrictedAt({ restrictedStates: ['CA'] }, { state: 'NV', zip: '90001' })).toBe(true);
  });
});
