import { useSelector } from '@xstate/store-react';
import { lazy, Suspense, useState } from 'react';
import { useAppServices } from '../../services/providers';
import { SearchIcon } from '../../components/icons';
import { OVERLAY_ID, SEARCH_TOGGLE_ID } from './search-ids';

// The overlay, the search machine and its actor are a lazy chunk (docs/decisions/020): fetched
// when the pointer or focus reaches the icon, and needed only once it is pressed.
const loadOverlay = () => import('./search-overlay');
let actorModule: typeof import('./search-actor') | undefined;
const loadActor = async () => (actorModule ??= await import('./search-actor'));
const preload = () => {
  void loadOverlay();
  void loadActor();
};
const SearchOverlay = lazy(() => loadOverlay().then((module) => ({ default: module.SearchOverlay })));

/**
 * The header's search icon: toggles the search overlay (catalogue-and-content.md sections 4 and 9).
 * Presses are debounced 1000 ms on the leading edge by the search machine: the first press acts as
 * soon as the search code is there, further presses within the second are ignored.
 */
export function SearchToggleButton({ className }: { className?: string }) {
  const services = useAppServices();
  const showSearch = useSelector(services.ui, (snapshot) => snapshot.context.showSearch);
  return (
    <button
      type="button"
      id={SEARCH_TOGGLE_ID}
      className={className}
      aria-label="Search"
      aria-expanded={showSearch}
      aria-controls={OVERLAY_ID}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        const toggle = ({ searchActorFor }: typeof import('./search-actor')) => searchActorFor(services).send({ type: 'search.toggle' });
        // Once loaded, a press acts at once (no promise in between).
        if (actorModule) toggle(actorModule);
        else void loadActor().then(toggle);
      }}
    >
      <SearchIcon />
    </button>
  );
}

/**
 * Where the search overlay goes. It is mounted the first time search is shown and stays mounted
 * from then on (it forgets the text whenever it is closed, and opens what the machine asks for).
 */
export function SearchOverlaySlot() {
  const { ui } = useAppServices();
  const showSearch = useSelector(ui, (snapshot) => snapshot.context.showSearch);
  const [wanted, setWanted] = useState(false);
  if (showSearch && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SearchOverlay />
    </Suspense>
  );
}
