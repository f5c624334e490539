import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import { useEffect, useRef, useState } from 'react';
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, MultiLineString, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import citiesUrl from './dealer-map-cities.json?url';
import countiesUrl from './dealer-map-counties.json?url';
import { fitTarget, labelsFor, LOWER_48, type Box, type City } from './dealer-map-view';
import styles from './dealer-map.module.css';

/** catalogue-and-content.md section 9: the map fits the results with a 16 px padding. */
export const MAP_FIT_PADDING = 16;
/** Shown when the provider refuses the map key (spec wording of the maps provider's message). */
export const MAP_AUTH_FAILURE_TEXT = 'Error: AuthFailure – A problem with your API key prevents the map from rendering correctly.';
export const MAP_UNAVAILABLE_TEXT = 'The map cannot be shown in this browser. The dealer list above still works.';

const PROVIDER_STYLE = 'mapbox://styles/mapbox/light-v11';
const MAPBOX_API = 'https://api.mapbox.com';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
/** Half a marker (28 px) and a little: city names keep this far from a marker's centre. */
const MARKER_CLEARANCE = 18;

/**
 * The local style (DESIGN.md section 3, maps; decision 045): the states from us-atlas in the
 * chunk, and the county lines from a packaged asset of our own origin, filled in once the map has
 * opened (`loadLocalData`). No glyphs, sprites or tiles, so nothing is fetched from outside the
 * machine; city names and dealers are HTML markers rather than symbol layers.
 */
export function localStyle(): mapboxgl.StyleSpecification {
  const topology = statesTopology as unknown as Topology<{ states: GeometryCollection }>;
  const states = feature(topology, topology.objects.states);
  return {
    version: 8,
    name: 'Ridgeline local',
    sources: {
      states: { type: 'geojson', data: states, attribution: 'US Census Bureau (us-atlas)' },
      counties: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#d4e0ea' } },
      { id: 'states-fill', type: 'fill', source: 'states', paint: { 'fill-color': '#f7f3ea' } },
      {
        id: 'counties-line',
        type: 'line',
        source: 'counties',
        // On the national view the county lines would be a grey mush: they start at a state's scale.
        minzoom: 5,
        paint: {
          'line-color': '#b9ad98',
          'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.5, 8, 0.9, 11, 1.4],
          'line-opacity': ['interpolate', ['linear'], ['zoom'], 5, 0.5, 6.5, 0.9],
        },
      },
      {
        id: 'states-line',
        type: 'line',
        source: 'states',
        paint: { 'line-color': '#6f7c88', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 8, 1.8] },
      },
    ],
  };
}

/** The county lines and city names, fetched from the shop itself after the map has opened. */
async function loadLocalData(signal: AbortSignal): Promise<{ counties: Feature; cities: City[] }> {
  const get = async (url: string) => {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const [topology, cities] = await Promise.all([get(countiesUrl), get(citiesUrl)]);
  const counties = topology as Topology<{ counties: MultiLineString }>;
  return { counties: feature(counties, counties.objects.counties), cities: cities as City[] };
}

/** A key failure as the provider reports it: 401/403 or a message about the access token. */
function isAuthFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error ? error.message : '';
  return status === 401 || status === 403 || /access token/i.test(message);
}

/** What the map needs of a dealer: a marker's id, name (its accessible name) and place. */
export interface MapDealer {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

export interface DealerMapProps {
  /** In list order: with `numbered`, the first is marker 1. */
  dealers: readonly MapDealer[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The maps key from the runtime settings; without it the local style is used. */
  token?: string;
  /** Markers show the dealer's place in the list (1, 2, ...), as the list's cards do. */
  numbered?: boolean;
  /** Every dealer is listed (no search yet): the map shows the lower 48 rather than fitting them. */
  overview?: boolean;
}

interface Placed {
  marker: mapboxgl.Marker;
  element: HTMLButtonElement;
}

/**
 * The dealer map (catalogue-and-content.md sections 2, 9), shared by the dealer locator and the
 * checkout's dealer step (decision 029): a marker per listed dealer, the view fitted to them (padding
 * 16), the selected dealer's marker highlighted; pressing a marker selects its card.
 * Decision 045: it opens on the lower 48; the local style draws county lines and names the bigger
 * cities around the markers; markers may carry the list's numbers.
 * Telemetry is off: no performance metrics, and without a token mapbox-gl sends no events.
 */
export function DealerMap({ dealers, selectedId, onSelect, token, numbered = false, overview = false }: DealerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<mapboxgl.Map | null>(null);
  const markers = useRef(new Map<string, Placed>());
  const select = useRef(onSelect);
  const placeLabels = useRef<() => void>(() => undefined);
  const refit = useRef<() => void>(() => undefined);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!container.current) return undefined;
    // mapbox-gl asks its own API for a map session and sends usage events only when its API base is
    // Mapbox's; without a token the base is the shop itself, so nothing leaves the machine and
    // the map is not blanked for want of a session (DESIGN.md section 3: telemetry off).
    mapboxgl.baseApiUrl = token ? MAPBOX_API : globalThis.location.origin;
    let instance: mapboxgl.Map;
    try {
      instance = new mapboxgl.Map({
        container: container.current,
        style: token ? PROVIDER_STYLE : localStyle(),
        ...(token ? { accessToken: token } : { customAttribution: 'City names: GeoNames (CC BY 4.0)' }),
        projection: 'mercator',
        bounds: LOWER_48,
        fitBoundsOptions: { padding: MAP_FIT_PADDING },
        performanceMetricsCollection: false,
        collectResourceTiming: false,
        attributionControl: true,
        cooperativeGestures: true,
        dragRotate: false,
        pitchWithRotate: false,
      });
    } catch (error) {
      console.warn('The dealer map could not start.', error);
      setFailure(MAP_UNAVAILABLE_TEXT);
      return undefined;
    }
    instance.touchZoomRotate.disableRotation();
    instance.addControl(new mapboxgl.NavigationControl({ showCompass: false }), 'top-right');
    instance.on('error', (event) => {
      if (isAuthFailure(event.error)) setFailure(MAP_AUTH_FAILURE_TEXT);
    });
    map.current = instance;

    // City names: HTML markers (no glyphs to fetch), placed again whenever the view settles.
    const labels: mapboxgl.Marker[] = [];
    let cities: City[] = [];
    placeLabels.current = () => {
      for (const label of labels.splice(0)) label.remove();
      const canvas = instance.getCanvas();
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (!cities.length || !width || !height) return;
      const avoid: Box[] = [{ left: width - 52, top: 0, right: width, bottom: 90 }];
      for (const { marker } of markers.current.values()) {
        const { x, y } = instance.project(marker.getLngLat());
        avoid.push({ left: x - MARKER_CLEARANCE, top: y - MARKER_CLEARANCE, right: x + MARKER_CLEARANCE, bottom: y + MARKER_CLEARANCE });
      }
      const project = (longitude: number, latitude: number) => instance.project([longitude, latitude]);
      for (const { city } of labelsFor(cities, { zoom: instance.getZoom(), width, height, project, avoid })) {
        const element = document.createElement('div');
        element.className = styles.city;
        // Decoration for the eye: hidden from assistive technology (mapbox-gl would call it an image).
        element.setAttribute('aria-hidden', 'true');
        element.setAttribute('role', 'presentation');
        element.dataset.city = city[0];
        element.textContent = city[0];
        labels.push(new mapboxgl.Marker({ element, anchor: 'left', offset: [-4, 0] }).setLngLat([city[1], city[2]]).addTo(instance));
      }
    };
    const aborter = new AbortController();
    if (!token) {
      const start = () =>
        loadLocalData(aborter.signal)
          .then((data) => {
            (instance.getSource('counties') as mapboxgl.GeoJSONSource | undefined)?.setData(data.counties);
            cities = data.cities;
            placeLabels.current();
          })
          .catch((error: unknown) => {
            if (!aborter.signal.aborted) console.warn('The dealer map could not load its county lines and city names.', error);
          });
      if (instance.isStyleLoaded()) void start();
      else instance.once('load', () => void start());
    }
    instance.on('moveend', () => placeLabels.current());

    // The panel may be hidden at first (the locator's "Show map" on a phone) or change size (the
    // page's scrollbar, a rotated phone): the map is resized and fitted again to the same dealers.
    let size = '';
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      const next = `${Math.round(width)}x${Math.round(height)}`;
      if (next === size) return;
      size = next;
      instance.resize();
      if (width > 0 && height > 0) refit.current();
    });
    observer.observe(container.current);

    const placed = markers.current;
    return () => {
      observer.disconnect();
      aborter.abort();
      placed.clear();
      placeLabels.current = () => undefined;
      refit.current = () => undefined;
      map.current = null;
      instance.remove();
    };
  }, [token]);

  // Markers follow the listed dealers, numbered in list order; the view fits them whenever the
  // list changes. A marker is a 28 px circle centred on the dealer, so the 16 px fit padding keeps
  // each one whole in view.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const placed = markers.current;
    for (const entry of placed.values()) entry.marker.remove();
    placed.clear();
    dealers.forEach((dealer, index) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = numbered ? `${styles.marker} ${styles.markerNumbered}` : styles.marker;
      // mapbox-gl gives a marker role "img" unless it has a role of its own.
      element.setAttribute('role', 'button');
      const name = numbered ? `${index + 1}. ${dealer.name}` : dealer.name;
      element.setAttribute('aria-label', name);
      element.title = dealer.name;
      element.dataset.dealerId = dealer.id;
      if (numbered) {
        const number = document.createElement('span');
        number.setAttribute('aria-hidden', 'true');
        number.textContent = String(index + 1);
        element.append(number);
      }
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        select.current(dealer.id);
      });
      const marker = new mapboxgl.Marker({ element, anchor: 'center' }).setLngLat([dealer.longitude, dealer.latitude]).addTo(instance);
      placed.set(dealer.id, { marker, element });
    });
    refit.current = () => {
      const target = overview ? null : fitTarget(dealers);
      // A jump ends in `moveend`, which places the city names again around the new markers.
      instance.fitBounds(target ?? LOWER_48, { padding: MAP_FIT_PADDING, maxZoom: 9, duration: 0 });
    };
    refit.current();
    // The token is a dependency so that a new map (a new key) gets its markers again.
  }, [dealers, numbered, overview, token]);

  useEffect(() => {
    for (const [id, { element }] of markers.current) {
      const selected = id === selectedId;
      element.classList.toggle(styles.markerSelected, selected);
      element.setAttribute('aria-pressed', String(selected));
      element.style.zIndex = selected ? '3' : '2';
    }
  }, [selectedId, dealers, numbered, token]);

  return (
    <div className={styles.frame} data-testid="dealer-map">
      <div ref={container} className={styles.map} />
      {failure ? (
        <div className={styles.failure} role="alert">
          {failure}
        </div>
      ) : null}
    </div>
  );
}
