/**
 * US zip codes: their format, and the state a zip belongs to (decision 026). Pure and small: the
 * state comes from the USPS three-digit prefix table (a zip's first three digits name its
 * sectional center facility, and each facility serves one state), plus the handful of zips that
 * the Postal Service routes through a neighbouring state's facility. Whether a zip exists is a
 * separate question, answered by the packaged zip list (src/domain/us-zip-list.ts), which only
 * the forms that need it load.
 *
 * Only the 50 states and DC are offered (shop-core.md section 5), so military (APO/FPO/DPO) and
 * territory prefixes belong to no offered state: such a zip is "not in" whatever state was chosen.
 */

/**
 * The 50 states plus DC, USPS codes with names, alphabetical by name: the states offered
 * (shop-core.md section 5). Kept here, not in checkout-forms.ts, so a form that needs only the
 * list (dealer registration) does not load the zip list with it.
 */
export const US_STATES: readonly { code: string; name: string }[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
  ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([code, name]) => ({ code, name }));

/** Five digits, or ZIP+4 with a hyphen (12345-6789). */
export const ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

/** The five-digit zip of a well-formed zip or ZIP+4 (surrounding spaces ignored); else undefined. */
export function zipFive(zip: string | null | undefined): string | undefined {
  const value = (zip ?? '').trim();
  return ZIP_PATTERN.test(value) ? value.slice(0, 5) : undefined;
}

/**
 * Three-digit prefixes by state, as inclusive ranges [first, last, state]. Prefixes the Postal
 * Service has not assigned fall inside some ranges; they never matter, since a zip that does not
 * exist is refused before its state is asked. Left out on purpose (no offered state): 006-009
 * Puerto Rico and the Virgin Islands, 090-099 APO/FPO Europe (AE), 340 the Americas (AA), 962-966
 * the Pacific (AP), 969 Guam, the Northern Marianas, Palau, Micronesia and the Marshall Islands.
 */
const PREFIX_RANGES: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'], // Holtsville (IRS)
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'], // Andover (IRS)
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'], // Dulles
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 458, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'], // Parcel Return Service
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 731, 'OK'],
  [733, 733, 'TX'], // Austin (IRS)
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'], // El Paso
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/**
 * Zips served across a state line: the prefix says one state, the zip is in another. A null state
 * is a zip of no offered state (American Samoa shares Hawaii's 967).
 */
const ZIP_EXCEPTIONS: Readonly<Record<string, string | null>> = {
  '06390': 'NY', // Fishers Island, served from Connecticut
  '83414': 'WY', // Alta, served from Driggs, Idaho
  '96799': null, // Pago Pago, American Samoa
};

const STATE_OF_PREFIX: readonly (string | undefined)[] = (() => {
  const table: (string | undefined)[] = new Array(1000).fill(undefined);
  for (const [first, last, state] of PREFIX_RANGES) for (let p = first; p <= last; p += 1) table[p] = state;
  return table;
})();

/**
 * The USPS code of the state (or DC) a zip belongs to, from its prefix; undefined for a malformed
 * zip, or one of a territory, the military or an unassigned prefix. ZIP+4 is read by its 5 digits.
 * Says nothing about whether the zip exists.
 */
export function stateOfZip(zip: string | null | undefined): string | undefined {
  const five = zipFive(zip);
  if (!five) return undefined;
  if (five in ZIP_EXCEPTIONS) return ZIP_EXCEPTIONS[five] ?? undefined;
  return STATE_OF_PREFIX[Number(five.slice(0, 3))];
}

/** Whether a zip belongs to the given state (USPS code, any case). */
export function isZipInState(zip: string | null | undefined, state: string | null | undefined): boolean {
  const of = stateOfZip(zip);
  return of !== undefined && of === (state ?? '').trim().toUpperCase();
}
