import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchUrl } from '../../app/paths';
import { useAppServices } from '../../app/providers';
import { SearchIcon } from '../../components/icons';
import styles from './search-overlay.module.css';

/** Search submits need more than one character (catalogue-and-content.md section 5). */
const MIN_SEARCH_LENGTH = 2;

/** The header's search icon: toggles the search overlay. */
export function SearchToggleButton({ className }: { className?: string }) {
  const { ui } = useAppServices();
  const showSearch = useSelector(ui, (snapshot) => snapshot.context.showSearch);
  return (
    <button
      type="button"
      className={className}
      aria-label="Search"
      aria-expanded={showSearch}
      aria-controls="site-search"
      onClick={() => ui.trigger['search.toggle']()}
    >
      <SearchIcon />
    </button>
  );
}

/** The search overlay under the header bar while open (minimal box until the search issue). */
export function SearchOverlay() {
  const { ui } = useAppServices();
  const showSearch = useSelector(ui, (snapshot) => snapshot.context.showSearch);
  return showSearch ? <SearchBar onClose={() => ui.trigger['search.close']()} /> : null;
}

function SearchBar({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (query.length < MIN_SEARCH_LENGTH) return;
    navigate(searchUrl(query));
  }

  return (
    <div className={styles.search} id="site-search">
      <form className={styles.searchForm} role="search" onSubmit={submit}>
        <label htmlFor="site-search-input" className="visually-hidden">
          Product search
        </label>
        <input
          id="site-search-input"
          className={styles.searchInput}
          type="search"
          placeholder="Product Search..."
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          autoFocus
        />
        <button type="submit" className={styles.searchSubmit}>
          Search
        </button>
      </form>
    </div>
  );
}
