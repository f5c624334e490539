import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealersWithin, distanceMetres, formatMiles, milesToMetres, zipDigits, type LatLng } from '../../src/domain/distance';

const boise: LatLng = { latitude: 43.615, longitude: -116.2023 };

/** A point `metres` due north of `from` (the haversine of a pure latitude change is exact). */
function north(from: LatLng, metres: number): LatLng {
  return { latitude: from.latitude + (metres / 6_371_008.8) * (180 / Math.PI), longitude: from.longitude };
}

describe('dealer distances', () => {
  it('converts miles at 1609.34 m, rounded', () => {
    expect(milesToMetres(50)).toBe(80_467);
    expect(milesToMetres(250)).toBe(402_335);
  });

  it('a dealer exactly at the radius is excluded; just inside is shown', () => {
    const limit = milesToMetres(50);
    const atRadius = { id: 'at', ...north(boise, limit) };
    const inside = { id: 'inside', ...north(boise, limit - 1) };
    expect(distanceMetres(boise, atRadius)).toBeCloseTo(limit, 3);
    expect(dealersWithin([atRadius, inside], boise, 50).map((d) => d.id)).toEqual(['inside']);
  });

  it('lists nearest first with the distance; no origin or radius shows all in order', () => {
    const far = { id: 'far', ...north(boise, 60_000) };
    const near = { id: 'near', ...north(boise, 1_000) };
    const out = { id: 'out', ...north(boise, 500_000) };
    const within = dealersWithin([far, out, near], boise, 100);
    expect(within.map((d) => d.id)).toEqual(['near', 'far']);
    expect(within[0].distanceMetres).toBe(1_000);
    expect(dealersWithin([far, out, near], null, 100).map((d) => [d.id, d.distanceMetres])).toEqual([
      ['far', null],
      ['out', null],
      ['near', null],
    ]);
    expect(dealersWithin([far, out], boise, null)).toHaveLength(2);
  });

  it('never shows a dealer at or beyond the radius, and keeps every one inside (property)', () => {
    const point = fc.record({ latitude: fc.double({ min: 25, max: 49, noNaN: true }), longitude: fc.double({ min: -124, max: -67, noNaN: true }) });
    fc.assert(
      fc.property(point, fc.array(point, { maxLength: 20 }), fc.constantFrom(50, 100, 150, 200, 250), (origin, dealers, radius) => {
        const shown = dealersWithin(dealers, origin, radius);
        const limit = milesToMetres(radius);
        expect(shown.every((d) => d.distanceMetres! < limit)).toBe(true);
        expect(shown.length).toBe(dealers.filter((d) => Math.round(distanceMetres(origin, d)) < limit).length);
        for (let i = 1; i < shown.length; i += 1) expect(shown[i].distanceMetres!).toBeGreaterThanOrEqual(shown[i - 1].distanceMetres!);
      }),
    );
  });

  it('formats miles and keeps zip digits only', () => {
    expect(formatMiles(1609.34 * 4.26)).toBe('4.3 mi');
    expect(formatMiles(1609.34 * 42.6)).toBe('43 mi');
    expect(zipDigits('83a70-2 12')).toBe('83702');
  });
});
