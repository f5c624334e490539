import { describe, expect, it } from 'vitest';
import cities from '../../src/components/dealer-map-cities.json';
import { fitTarget, inLower48, labelBox, labelsFor, LOWER_48, minPopulation, type City } from '../../src/components/dealer-map-view';

/** The dealer map's view rules (decision 045): the frame it fits, and the city names it writes. */

const boise = { latitude: 43.6187, longitude: -116.2146 };
const nampa = { latitude: 43.6067, longitude: -116.5263 };
const anchorage = { latitude: 61.218, longitude: -149.895 };
const honolulu = { latitude: 21.307, longitude: -157.858 };

describe('fitTarget', () => {
  it('fits the places, west-south to east-north', () => {
    expect(fitTarget([boise, nampa])).toEqual([
      [-116.5263, 43.6067],
      [-116.2146, 43.6187],
    ]);
  });

  it('leaves Alaska and Hawaii out when any place is in the lower 48', () => {
    expect(fitTarget([anchorage, boise, honolulu])).toEqual([
      [-116.2146, 43.6187],
      [-116.2146, 43.6187],
    ]);
  });

  it('fits places outside the lower 48 when they are all there is', () => {
    expect(fitTarget([anchorage])).toEqual([
      [-149.895, 61.218],
      [-149.895, 61.218],
    ]);
  });

  it('has nothing to fit without places (the map keeps the lower 48)', () => {
    expect(fitTarget([])).toBeNull();
    expect(inLower48(boise)).toBe(true);
    expect(inLower48(anchorage)).toBe(false);
    expect(LOWER_48[0][0]).toBeLessThan(-124);
  });
});

describe('labelsFor', () => {
  // A plain equirectangular screen, 10 px a degree, west edge -120, north edge 50.
  const project = (longitude: number, latitude: number) => ({ x: (longitude + 120) * 10, y: (50 - latitude) * 10 });
  const sample: City[] = [
    ['Denver', -104.985, 39.739, 682_545],
    ['Aurora', -104.832, 39.729, 325_078],
    ['Boise', -116.203, 43.613, 145_987],
    ['Nampa', -116.563, 43.541, 89_839],
  ];

  it('names big cities first and lets no name cover another', () => {
    const chosen = labelsFor(sample, { zoom: 8, width: 600, height: 400, project });
    expect(chosen.map(({ city }) => city[0])).toEqual(['Denver', 'Boise']);
  });

  it('names only cities big enough for the zoom', () => {
    expect(minPopulation(3)).toBeGreaterThan(minPopulation(6));
    expect(labelsFor(sample, { zoom: 5, width: 600, height: 400, project }).map(({ city }) => city[0])).toEqual(['Denver']);
  });

  it('keeps names whole on screen and off the markers', () => {
    const denver = project(-104.985, 39.739);
    const marker = { left: denver.x - 18, top: denver.y - 18, right: denver.x + 18, bottom: denver.y + 18 };
    // Aurora lies 1.5 px from Denver on this screen, under the same marker.
    expect(labelsFor(sample, { zoom: 8, width: 600, height: 400, project, avoid: [marker] }).map(({ city }) => city[0])).toEqual(['Boise']);
    expect(labelsFor(sample, { zoom: 8, width: 60, height: 400, project })).toEqual([]);
    expect(labelBox('Boise', 0, 0).right).toBeGreaterThan(35);
  });

  it('stops at the limit', () => {
    expect(labelsFor(sample, { zoom: 8, width: 600, height: 400, project, limit: 1 })).toHaveLength(1);
  });
});

describe('the packaged city names', () => {
  it('are US places of 30,000 or more, biggest first, with the seeded dealers’ cities among them', () => {
    const list = cities as City[];
    expect(list.length).toBeGreaterThan(1000);
    const populations = list.map((city) => city[3]);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(Math.min(...populations)).toBeGreaterThanOrEqual(30_000);
    const names = new Set(list.map((city) => city[0]));
    for (const name of ['Boise', 'Nampa', 'Denver', 'Colorado Springs', 'Cheyenne', 'Billings']) expect(names.has(name)).toBe(true);
  });
});
