import { useSelector } from '@xstate/store-react';
import { useEffect, useMemo, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { connect, optionId, type SearchApi } from '../../../machines/search/search.connect';
import { searchUrl } from '../../config/paths';
import { useAppServices } from '../../services/providers';
import { CloseIcon, SearchIcon } from '../../components/icons';
import { useConnect } from '../../components/use-connect';
import { formatPrice } from '../../domain/money';
import { searchActorFor, type SearchActor } from './search-actor';
import styles from './search-overlay.module.css';
import { OVERLAY_ID, SEARCH_TOGGLE_ID } from './search-ids';

const INPUT_ID = 'site-search-input';
const LISTBOX_ID = 'site-search-suggestions';

/** The text box takes focus when the overlay opens (a callback ref: it runs once the box is mounted). */
function focusOnMount(input: HTMLInputElement | null) {
  input?.focus();
}

function useSearchActor(): SearchActor {
  const services = useAppServices();
  return searchActorFor(services);
}

/**
 * The search overlay under the header bar (section 2, "Search overlay"), shown while the shell's
 * UI store says so. Mounted from the first time search is shown (SearchOverlaySlot, a lazy
 * chunk) and kept, so it can open what the machine asks for (a suggestion's product, the results
 * page) and forget the text whenever the overlay is closed from elsewhere (a route change, the
 * cart, the mobile menu).
 */
export function SearchOverlay() {
  const { ui } = useAppServices();
  const search = useSearchActor();
  const navigate = useNavigate();
  const showSearch = useSelector(ui, (snapshot) => snapshot.context.showSearch);

  useEffect(() => {
    const subscriptions = [
      search.on('search.suggestion.open', (event) => {
        void navigate(event.suggestion.url);
      }),
      search.on('search.results.open', (event) => {
        void navigate(searchUrl(event.query));
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [search, navigate]);

  useEffect(() => {
    if (!showSearch) search.send({ type: 'search.reset' });
  }, [showSearch, search]);

  return showSearch ? <SearchBox search={search} /> : null;
}

function SearchBox({ search }: { search: SearchActor }) {
  const ids = useMemo(() => ({ listbox: LISTBOX_ID }), []);
  const api: SearchApi = useConnect(search, (snapshot) => connect(snapshot, search.send, ids));
  const { suggestions, selectedIndex } = api;

  // Keep the highlighted suggestion in view while arrowing through a long list.
  useEffect(() => {
    if (selectedIndex < 0) return;
    document.getElementById(optionId(LISTBOX_ID, selectedIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedIndex]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    api.submit();
  }

  function closeAndReturnFocus() {
    api.close();
    document.getElementById(SEARCH_TOGGLE_ID)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        api.selectNext();
        break;
      case 'ArrowUp':
        event.preventDefault();
        api.selectPrevious();
        break;
      case 'Escape':
        // Also keeps the browser from clearing a type=search box instead of closing.
        event.preventDefault();
        closeAndReturnFocus();
        break;
      default:
    }
  }

  const { value, ...inputProps } = api.getInputProps();
  const status = api.isExpanded
    ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available. Use the up and down arrows to choose.`
    : '';

  return (
    <div className={styles.search} id={OVERLAY_ID}>
      <form className={styles.searchForm} role="search" aria-label="Product search" onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={INPUT_ID} className="visually-hidden">
            Product search
          </label>
          <SearchIcon className={styles.fieldIcon} aria-hidden="true" />
          <input
            id={INPUT_ID}
            className={styles.searchInput}
            type="search"
            placeholder="Product Search..."
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            {...inputProps}
            value={value}
            onChange={(event) => api.changeText(event.target.value)}
            onKeyDown={onKeyDown}
            ref={focusOnMount}
          />
          <ul
            {...api.getListboxProps()}
            className={styles.suggestions}
            aria-label="Product suggestions"
            hidden={!api.isExpanded}
          >
            {suggestions.map((suggestion, index) => (
              <li
                {...api.getOptionProps(suggestion, index)}
                key={suggestion.id}
                className={styles.suggestion}
                // Keeps focus in the text box, so the list never loses its combobox.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => api.open(index)}
              >
                {suggestion.imageUrl ? (
                  <img className={styles.thumb} src={suggestion.imageUrl} alt="" loading="lazy" decoding="async" />
                ) : (
                  <span className={styles.thumb} aria-hidden="true" />
                )}
                <span className={styles.suggestionText}>
                  <span className={styles.suggestionTitle}>{suggestion.title}</span>
                  {suggestion.subtitle ? <span className={styles.suggestionSubtitle}>{suggestion.subtitle}</span> : null}
                </span>
                {suggestion.price !== null || suggestion.soldOut ? (
                  <span className={styles.suggestionMeta}>
                    {suggestion.price !== null ? <span className={styles.suggestionPrice}>{formatPrice(suggestion.price)}</span> : null}
                    {suggestion.soldOut ? <span className={styles.soldOut}>Sold out</span> : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className={styles.searchSubmit}>
          Search
        </button>
        <button type="button" className={styles.close} aria-label="Close search" onClick={closeAndReturnFocus}>
          <CloseIcon aria-hidden="true" />
        </button>
      </form>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
