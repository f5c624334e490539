// Fictional licensed dealers for the dealer locator and the checkout's dealer step. Names, streets,
// emails, phone numbers (555-01xx) and FFL licence numbers are invented; city, state and zip are
// real and coordinates sit near that zip's centre so the zip-and-radius search behaves believably.
//
// Every licence is current except the one of EXPIRED_LICENCE (Pikes Peak Shooting Supply, Colorado
// Springs, about 63 miles from Denver 80202), kept so the checkout shows a dealer that cannot be
// chosen ('License expired') and the server refuses it (decision 029).

/**
 * A dealer as the seed keeps it (server/src/db/seed-dealers.ts writes it to the dealers table).
 * Not a shape of the contract: its Dealer answer carries the dealer's number as id, and of the
 * licence only its last five characters and whether it is current.
 */
export interface SeedDealer {
  id: string;
  name: string;
  phoneNumber: string;
  address1: string;
  /** "City, ST 12345" */
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** The dealer form's email (shop-core section 3). */
  email: string;
  /** Fictional federal firearms licence in the ATF's shape, e.g. '1-23-456-78-9A-12345'. */
  licenceNumber: string;
  /** Last valid day, 'YYYY-MM-DD' (decision 029). */
  licenceExpires: string;
}

const rows: [name: string, phone: string, street: string, city: string, state: string, zip: string, lat: number, lng: number][] = [
  ['Foothill Sporting Arms', '(208) 555-0102', '1815 W Main St', 'Boise', 'ID', '83702', 43.6187, -116.2146],
  ['Snake River Outfitters', '(208) 555-0118', '2210 Garrity Blvd', 'Nampa', 'ID', '83687', 43.6067, -116.5263],
  ['Gallatin Range Supply', '(406) 555-0133', '610 N 7th Ave', 'Bozeman', 'MT', '59715', 45.6835, -111.0429],
  ['Yellowstone Trading Post', '(406) 555-0141', '2420 1st Ave N', 'Billings', 'MT', '59101', 45.7833, -108.5007],
  ['High Plains Firearms', '(307) 555-0156', '1701 Carey Ave', 'Cheyenne', 'WY', '82001', 41.1400, -104.8202],
  ['Wasatch Tactical', '(801) 555-0163', '355 W 200 S', 'Salt Lake City', 'UT', '84101', 40.7566, -111.8991],
  ['Front Range Gun Works', '(303) 555-0177', '1950 Blake St', 'Denver', 'CO', '80202', 39.7530, -104.9990],
  ['Pikes Peak Shooting Supply', '(719) 555-0184', '415 S Tejon St', 'Colorado Springs', 'CO', '80903', 38.8300, -104.8230],
  ['Sonoran Arms Exchange', '(602) 555-0191', '1130 E Washington St', 'Phoenix', 'AZ', '85004', 33.4510, -112.0680],
  ['Old Pueblo Firearms', '(520) 555-0109', '260 E Congress St', 'Tucson', 'AZ', '85701', 32.2217, -110.9680],
  ['Sandia Sporting Goods', '(505) 555-0125', '415 Central Ave NW', 'Albuquerque', 'NM', '87102', 35.0844, -106.6510],
  ['Hill Country Arms', '(512) 555-0137', '800 W 5th St', 'Austin', 'TX', '78701', 30.2700, -97.7500],
  ['Trinity Range & Supply', '(214) 555-0148', '2100 Ross Ave', 'Dallas', 'TX', '75201', 32.7880, -96.7990],
  ['Alamo City Outfitters', '(210) 555-0152', '410 E Commerce St', 'San Antonio', 'TX', '78205', 29.4240, -98.4880],
  ['Red Dirt Firearms', '(405) 555-0166', '120 N Robinson Ave', 'Oklahoma City', 'OK', '73102', 35.4700, -97.5170],
  ['Prairie Wind Sporting', '(316) 555-0171', '300 W Douglas Ave', 'Wichita', 'KS', '67202', 37.6860, -97.3380],
  ['Platte Valley Arms', '(402) 555-0189', '1120 Howard St', 'Omaha', 'NE', '68102', 41.2560, -95.9320],
  ['Red River Shooting Supply', '(701) 555-0194', '510 Main Ave', 'Fargo', 'ND', '58102', 46.8750, -96.7870],
  ['North Star Firearms', '(612) 555-0107', '250 N 3rd Ave', 'Minneapolis', 'MN', '55401', 44.9850, -93.2700],
  ['Ozark Mountain Arms', '(417) 555-0115', '1530 E Sunshine St', 'Springfield', 'MO', '65804', 37.1810, -93.2600],
  ['Volunteer Gun & Pawn', '(615) 555-0128', '1010 Division St', 'Nashville', 'TN', '37203', 36.1520, -86.7900],
  ['Magic City Outdoors', '(205) 555-0139', '2301 1st Ave N', 'Birmingham', 'AL', '35203', 33.5200, -86.8080],
  ['Peachtree Sporting Arms', '(404) 555-0143', '230 Peachtree St NW', 'Atlanta', 'GA', '30303', 33.7590, -84.3880],
  ['Gulf Coast Firearms', '(813) 555-0158', '610 N Franklin St', 'Tampa', 'FL', '33602', 27.9510, -82.4580],
  ['Queen City Range Supply', '(704) 555-0162', '500 S Tryon St', 'Charlotte', 'NC', '28202', 35.2270, -80.8450],
  ['Blue Ridge Arms Co.', '(540) 555-0174', '30 Franklin Rd SW', 'Roanoke', 'VA', '24011', 37.2700, -79.9410],
  ['Buckeye Shooting Sports', '(614) 555-0186', '150 E Gay St', 'Columbus', 'OH', '43215', 39.9640, -82.9990],
  ['Keystone Armory', '(717) 555-0199', '300 N 2nd St', 'Harrisburg', 'PA', '17101', 40.2620, -76.8830],
  ['Granite State Outfitters', '(603) 555-0112', '900 Elm St', 'Manchester', 'NH', '03101', 42.9920, -71.4630],
  ['Evergreen Sporting Arms', '(509) 555-0121', '808 W Sprague Ave', 'Spokane', 'WA', '99201', 47.6570, -117.4260],
  ['Silver State Firearms', '(775) 555-0135', '100 N Virginia St', 'Reno', 'NV', '89501', 39.5270, -119.8130],
  ['Last Frontier Arms', '(907) 555-0146', '425 W 4th Ave', 'Anchorage', 'AK', '99501', 61.2180, -149.8950],
];

const slug = (name: string): string => name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The dealer whose licence ran out (a past date, well before any test runs). */
export const EXPIRED_LICENCE = { dealerId: 'pikes-peak-shooting-supply', expires: '2025-09-01' } as const;

/**
 * Licences run to the first day of a month; the fifth group of an FFL number encodes that month
 * (last digit of the year, then A-L for January-December). Current ones expire in 2029-2031.
 */
function licenceOf(index: number, id: string, postalCode: string): { licenceNumber: string; licenceExpires: string } {
  const expires = id === EXPIRED_LICENCE.dealerId ? EXPIRED_LICENCE.expires : `${2029 + (index % 3)}-${String((index * 5) % 12 + 1).padStart(2, '0')}-01`;
  const [year, month] = expires.split('-');
  const code = `${year.slice(-1)}${'ABCDEFGHIJKL'[Number(month) - 1]}`;
  const sequence = String(10000 + ((index * 7919) % 90000)).padStart(5, '0');
  return {
    licenceNumber: `${(index % 9) + 1}-${postalCode.slice(0, 2)}-${postalCode.slice(2, 5)}-01-${code}-${sequence}`,
    licenceExpires: expires,
  };
}

export const dealers: SeedDealer[] = rows.map(([name, phoneNumber, address1, city, state, postalCode, latitude, longitude], index) => {
  const id = slug(name);
  return {
    id,
    name,
    phoneNumber,
    address1,
    address2: `${city}, ${state} ${postalCode}`,
    city,
    state,
    postalCode,
    latitude,
    longitude,
    email: `transfers@${id.replace(/-/g, '')}.example`,
    ...licenceOf(index, id, postalCode),
  };
});
