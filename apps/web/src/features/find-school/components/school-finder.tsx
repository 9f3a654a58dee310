import { type CampusSummary, SCHOOL_FINDER_TEXTS, SEARCH_MESSAGES } from '@campus/contract';
import { ChevronRight, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useCampusesQuery } from '../api/get-campuses.ts';
import { matchSchools, placeOf } from '../lib/match-schools.ts';
import styles from './school-finder.module.css';

/** Our wording: the spec gives no text for a failed load of the school list. */
const LOAD_FAILED = 'We couldn’t load the schools.';
const TRY_AGAIN = 'Try again';
const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

interface SchoolFinderProps {
  /** Opens the modal of a school (by slug). */
  onSelect: (school: CampusSummary) => void;
  /** Lets the page return focus to a hit when its modal closes. */
  hitRef?: (slug: string, element: HTMLButtonElement | null) => void;
}

/**
 * The search box and the list of schools of Find Your School (docs/product/search.md#find-your-school). The list filters as
 * the user types. Keyboard: ArrowDown from the box enters the list, arrows move between hits
 * (wrapping), Home/End jump, ArrowUp from the first hit returns to the box, Enter opens.
 */
export function SchoolFinder({ onSelect, hitRef }: SchoolFinderProps) {
  const campuses = useCampusesQuery();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const hits = useMemo(() => matchSchools(campuses.data ?? [], query), [campuses.data, query]);

  const hitButtons = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);

  const handleInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      hitButtons()[0]?.focus();
    } else if (event.key === 'Enter' && hits.length === 1 && hits[0]) {
      event.preventDefault();
      onSelect(hits[0]);
    }
  };

  const handleListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = hitButtons();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % buttons.length;
    else if (event.key === 'ArrowUp') next = index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    if (next < 0) inputRef.current?.focus();
    else buttons[next]?.focus();
  };

  return (
    <div className={styles.finder}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (jsdom, Safari < 17) */}
      <div role="search" className={styles.searchBar}>
        <label htmlFor={inputId} className="visually-hidden">
          {SCHOOL_FINDER_TEXTS.searchSchools}
        </label>
        <Search className={styles.searchIcon} size={18} aria-hidden="true" />
        <input
          ref={inputRef}
          id={inputId}
          className={styles.searchInput}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={SCHOOL_FINDER_TEXTS.searchSchools}
          aria-controls={listId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={handleInputKeyDown}
        />
      </div>

      {campuses.isPending && (
        <ul className={styles.list} aria-hidden="true">
          {SKELETON_ROWS.map((key) => (
            <li key={key} className={styles.skeletonRow}>
              <Skeleton width={44} height={44} className={styles.skeletonLogo} />
              <span className={styles.skeletonText}>
                <Skeleton width="40%" height={12} />
                <Skeleton width="70%" height={18} />
              </span>
            </li>
          ))}
        </ul>
      )}

      {campuses.isError && (
        <div className={styles.empty} role="alert">
          <p className={styles.emptyTitle}>{LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => campuses.refetch()} disabled={campuses.isFetching}>
            {TRY_AGAIN}
          </Button>
        </div>
      )}

      {campuses.isSuccess && (
        <>
          <p className="visually-hidden" role="status" aria-live="polite">
            {query.trim() ? `${hits.length} ${hits.length === 1 ? 'school' : 'schools'}` : ''}
          </p>
          {hits.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>{SEARCH_MESSAGES.noResults(query.trim())}</p>
              <p className={styles.emptyText}>{SEARCH_MESSAGES.tryElse}</p>
            </div>
          ) : (
            <ul ref={listRef} id={listId} className={styles.list} aria-label="Schools" onKeyDown={handleListKeyDown}>
              {hits.map((school) => (
                <li key={school.id}>
                  <button
                    ref={hitRef ? (element) => hitRef(school.slug, element) : undefined}
                    type="button"
                    className={styles.hit}
                    onClick={() => onSelect(school)}
                  >
                    <img
                      className={styles.logo}
                      src={school.logoUrl}
                      alt=""
                      width={44}
                      height={44}
                      loading="lazy"
                      decoding="async"
                    />
                    <span className={styles.hitText}>
                      <span className={styles.place}>{placeOf(school)}</span>
                      <span className={styles.name}>{school.name}</span>
                    </span>
                    <ChevronRight className={styles.chevron} size={18} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
