/**
 * The dealer map's view rules (docs/decisions/045), kept apart from mapbox-gl so they can be
 * tested on their own: where the map looks, and which city names it writes.
 */

export type Bounds = [[west: number, south: number], [east: number, north: number]];

/** The lower 48 states: the view before any search, and the frame a nationwide list is shown in. */
export const LOWER_48: Bounds = [
  [-124.8, 24.4],
  [-66.9, 49.4],
];

export interface Place {
  latitude: number;
  longitude: number;
}

export function inLower48({ latitude, longitude }: Place): boolean {
  const [[west, south], [east, north]] = LOWER_48;
  return longitude >= west && longitude <= east && latitude >= south && latitude <= north;
}

/**
 * The bounds the map fits: the places' bounds, leaving out those outside the lower 48 (Alaska,
 * Hawaii) when any is inside it, so one far dealer does not shrink the rest to dots. Null when
 * there is nothing to fit (the map then keeps the lower 48).
 */
export function fitTarget(places: readonly Place[]): Bounds | null {
  const inside = places.filter(inLower48);
  const shown = inside.length ? inside : places;
  if (!shown.length) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { latitude, longitude } of shown) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** A packaged city: name, longitude, latitude, population (src/components/dealer-map-cities.json). */
export type City = [name: string, longitude: number, latitude: number, population: number];

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface LabelOptions {
  /** The map's zoom: the smaller it is, the bigger a city must be to be named. */
  zoom: number;
  width: number;
  height: number;
  /** Where a city is on screen, in CSS pixels from the map's top left. */
  project: (longitude: number, latitude: number) => { x: number; y: number };
  /** Screen boxes a name must not cover (the dealer markers, the zoom buttons). */
  avoid?: readonly Box[];
  /** At most this many names. */
  limit?: number;
}

/** The smallest population named at a zoom: big cities on the national view, towns close in. */
export function minPopulation(zoom: number): number {
  if (zoom < 4.5) return 750_000;
  if (zoom < 5.5) return 250_000;
  if (zoom < 6.5) return 100_000;
  if (zoom < 7.5) return 50_000;
  return 0;
}

/** A name's box as drawn (a 6 px dot, then the name at about 7 px a letter, 16 px high). */
export function labelBox(name: string, x: number, y: number): Box {
  return { left: x - 4, top: y - 9, right: x + 10 + name.length * 7, bottom: y + 9 };
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The city names to write, biggest city first: those big enough for the zoom, whole on screen,
 * and covering neither a marker nor a name already placed.
 */
export function labelsFor(cities: readonly City[], { zoom, width, height, project, avoid = [], limit = 40 }: LabelOptions) {
  const floor = minPopulation(zoom);
  const taken: Box[] = [...avoid];
  const chosen: { city: City; x: number; y: number }[] = [];
  for (const city of cities) {
    if (chosen.length >= limit) break;
    const [name, longitude, latitude, population] = city;
    if (population < floor) continue;
    const { x, y } = project(longitude, latitude);
    const box = labelBox(name, x, y);
    if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height) continue;
    if (taken.some((other) => overlaps(box, other))) continue;
    taken.push(box);
    chosen.push({ city, x, y });
  }
  return chosen;
}
