import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import { useEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import styles from './dealer-map.module.css';

/** catalogue-and-content.md section 9: the map fits the results with a 16 px padding. */
export const MAP_FIT_PADDING = 16;
/** Shown when the provider refuses the map key (spec wording of the maps provider's message). */
export const MAP_AUTH_FAILURE_TEXT = 'Error: AuthFailure – A problem with your API key prevents the map from rendering correctly.';
export const MAP_UNAVAILABLE_TEXT = 'The map cannot be shown in this browser. The dealer list above still works.';

const PROVIDER_STYLE = 'mapbox://styles/mapbox/light-v11';
const MAPBOX_API = 'https://api.mapbox.com';
/** The lower 48 states, the view before any dealer is known. */
const US_BOUNDS: [[number, number], [number, number]] = [
  [-125, 24.5],
  [-66.9, 49.4],
];

/**
 * The local style (DESIGN.md section 3, maps): US state outlines from us-atlas as one GeoJSON
 * source with a background, a fill and a line layer. No glyphs, sprites or tiles, so nothing is
 * fetched from outside the machine; dealers are HTML markers rather than symbol layers.
 */
export function localStyle(): mapboxgl.StyleSpecification {
  const topology = statesTopology as unknown as Topology<{ states: GeometryCollection }>;
  const states = feature(topology, topology.objects.states);
  return {
    version: 8,
    name: 'Ridgeline local',
    sources: { states: { type: 'geojson', data: states, attribution: 'US Census Bureau (us-atlas)' } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#dfe6ec' } },
      { id: 'states-fill', type: 'fill', source: 'states', paint: { 'fill-color': '#f5efe4' } },
      { id: 'states-line', type: 'line', source: 'states', paint: { 'line-color': '#8a96a1', 'line-width': 0.8 } },
    ],
  };
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
  dealers: readonly MapDealer[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The maps key from the runtime settings; without it the local style is used. */
  token?: string;
}

/**
 * The dealer map (catalogue-and-content.md sections 2, 9), shared by the dealer locator and the
 * checkout's dealer step (decision 029): a marker per listed dealer, the view fitted to them (padding
 * 16), the selected dealer's marker highlighted; pressing a marker selects its card.
 * Telemetry is off: no performance metrics, and without a token mapbox-gl sends no events.
 */
export function DealerMap({ dealers, selectedId, onSelect, token }: DealerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<mapboxgl.Map | null>(null);
  const markers = useRef(new Map<string, { marker: mapboxgl.Marker; element: HTMLButtonElement }>());
  const select = useRef(onSelect);
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
        ...(token ? { accessToken: token } : {}),
        projection: 'mercator',
        bounds: US_BOUNDS,
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
    const placed = markers.current;
    return () => {
      placed.clear();
      map.current = null;
      instance.remove();
    };
  }, [token]);

  // Markers follow the listed dealers; the view fits them whenever the list changes. They are
  // centred dots no wider than 28 px, so the 16 px fit padding keeps each one whole in view.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const placed = markers.current;
    const wanted = new Set(dealers.map((dealer) => dealer.id));
    for (const [id, entry] of placed) {
      if (!wanted.has(id)) {
        entry.marker.remove();
        placed.delete(id);
      }
    }
    for (const dealer of dealers) {
      if (placed.has(dealer.id)) continue;
      const element = document.createElement('button');
      element.type = 'button';
      element.className = styles.marker;
      element.setAttribute('role', 'button');
      element.setAttribute('aria-label', dealer.name);
      element.title = dealer.name;
      element.dataset.dealerId = dealer.id;
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        select.current(dealer.id);
      });
      const marker = new mapboxgl.Marker({ element, anchor: 'center' }).setLngLat([dealer.longitude, dealer.latitude]).addTo(instance);
      placed.set(dealer.id, { marker, element });
    }
    if (dealers.length) {
      const bounds = new mapboxgl.LngLatBounds();
      for (const dealer of dealers) bounds.extend([dealer.longitude, dealer.latitude]);
      instance.fitBounds(bounds, { padding: MAP_FIT_PADDING, maxZoom: 10, duration: 0 });
    }
  }, [dealers]);

  useEffect(() => {
    for (const [id, { element }] of markers.current) {
      const selected = id === selectedId;
      element.classList.toggle(styles.markerSelected, selected);
      element.setAttribute('aria-pressed', String(selected));
      element.style.zIndex = selected ? '2' : '';
    }
  }, [selectedId, dealers]);

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
