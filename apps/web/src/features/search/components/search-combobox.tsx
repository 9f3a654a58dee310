import {
  PAGE_SIZES,
  type PopularSearch,
  type RecentSearch,
  SCHOOL_FINDER_TEXTS,
  SEARCH_MESSAGES,
} from '@campus/contract';
import { Clock, FileText, Image, Search, TrendingUp, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import { usePopularQuery } from '../api/get-popular.ts';
import { useSuggestionsQuery } from '../api/get-suggestions.ts';
import { useAddRecent, useClearRecent, useRecentQuery, useRemoveRecent } from '../api/recent-searches.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import styles from './search-combobox.module.css';

/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;

type Option =
  | { kind: 'suggestion'; id: string; postId: string; text: string; hasMedia: boolean }
  | { kind: 'popular'; id: string; search: PopularSearch }
  | { kind: 'recent'; id: string; search: RecentSearch };

/**
 * The header search box of a campus (spec 1 §2 'Search box'): a combobox whose dropdown holds
 * suggestions while typing (posts, from the search engine), 'Popular searches' (first 4, on a
 * results page) and 'My Recent' with remove and 'Clear all'. Arrow keys move through the
 * options, Enter opens the active one (or searches the text), Escape closes the list; Enter on
 * an empty box does nothing.
 */
export function SearchCombobox({ className }: { className?: string }) {
  const campus = useCampus();
  const viewer = useViewer();
  const member = !!viewer?.schoolVerified;
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { showAlert } = useAlert();
  const onResultsPage = location.pathname === paths.search.path && !!params.get('q');
  const inputId = useId();
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(() => (location.pathname === paths.search.path ? (params.get('q') ?? '') : ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [confirmClear, setConfirmClear] = useState(false);

  // The box follows the address when another search is opened (a popular link, back button).
  const urlQuery = location.pathname === paths.search.path ? (params.get('q') ?? '') : null;
  useEffect(() => {
    if (urlQuery !== null) setText(urlQuery);
  }, [urlQuery]);

  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestionsQuery(debounced, open && member);
  const popular = usePopularQuery(open && member && onResultsPage);
  const recent = useRecentQuery(open && member);
  const addRecent = useAddRecent();
  const removeRecent = useRemoveRecent();
  const clearRecent = useClearRecent();

  const options: Option[] = [];
  if (typed && debounced === typed) {
    for (const s of suggestions.data ?? []) {
      options.push({
        kind: 'suggestion',
        id: `${listId}-s-${s.postId}`,
        postId: s.postId,
        text: s.text,
        hasMedia: s.hasMedia,
      });
    }
  }
  if (onResultsPage) {
    for (const search of (popular.data ?? []).slice(0, PAGE_SIZES.popularSearchesShown)) {
      options.push({ kind: 'popular', id: `${listId}-p-${options.length}`, search });
    }
  }
  for (const search of recent.data ?? []) options.push({ kind: 'recent', id: `${listId}-r-${search.id}`, search });

  // The active option is an index into the current list; a shorter list drops it.
  const activeOption = active >= 0 && active < options.length ? options[active] : undefined;

  useEffect(() => {
    if (!open) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open]);

  const placeholder = campus.isHub ? SCHOOL_FINDER_TEXTS.searchSchools : SEARCH_MESSAGES.placeholder(campus.shortName);

  const runSearch = (query: string) => {
    setOpen(false);
    setActive(-1);
    setText(query);
    navigate(paths.search.getHref({ q: query }));
    if (!member) return;
    addRecent.mutate(query, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'SEARCH_ALREADY_ADDED') {
          showAlert(SEARCH_MESSAGES.queryAlreadyAdded, { type: 'black' });
        }
      },
    });
  };

  const choose = (option: Option) => {
    if (option.kind === 'suggestion') {
      setOpen(false);
      setActive(-1);
      navigate(paths.post.getHref(option.postId));
    } else {
      runSearch(option.search.text);
    }
  };

  const handleRemove = (search: RecentSearch) => {
    removeRecent.mutate(search.id, { onSuccess: () => showAlert(SEARCH_MESSAGES.recentRemoved) });
  };

  const handleClearAll = () => {
    clearRecent.mutate(undefined, {
      onSuccess: () => {
        setConfirmClear(false);
        showAlert(SEARCH_MESSAGES.historyCleared);
      },
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (campus.isHub) {
      navigate(paths.searchSchools.getHref());
      return;
    }
    if (activeOption) {
      choose(activeOption);
      return;
    }
    // Enter on an empty box does nothing (spec 1 §2).
    if (!typed) return;
    runSearch(typed);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const from = current >= 0 && current < options.length ? current : step === 1 ? -1 : options.length;
        return (from + step + options.length) % options.length;
      });
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === 'Delete' && activeOption?.kind === 'recent' && event.shiftKey) {
      event.preventDefault();
      handleRemove(activeOption.search);
    }
  };

  const showList = open && !campus.isHub;
  const suggestionOptions = options.filter((o) => o.kind === 'suggestion');
  const popularOptions = options.filter((o) => o.kind === 'popular');
  const recentOptions = options.filter((o) => o.kind === 'recent');
  const emptyHint = options.length === 0;

  const optionProps = (option: Option) => ({
    id: option.id,
    role: 'option' as const,
    'aria-selected': activeOption?.id === option.id,
    className: [styles.option, activeOption?.id === option.id && styles.activeOption].filter(Boolean).join(' '),
    // Keep the focus in the box; the click chooses.
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    onClick: () => choose(option),
    onMouseMove: () => setActive(options.indexOf(option)),
  });

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (jsdom, Safari < 17)
    <form
      ref={rootRef}
      role="search"
      className={[styles.form, className].filter(Boolean).join(' ')}
      onSubmit={handleSubmit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {placeholder}
      </label>
      <Search className={styles.icon} aria-hidden="true" size={18} />
      <input
        id={inputId}
        className={styles.input}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && activeOption ? activeOption.id : undefined}
        placeholder={placeholder}
        value={text}
        maxLength={1000}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={handleKeyDown}
        onClick={campus.isHub ? () => navigate(paths.searchSchools.getHref()) : () => setOpen(true)}
      />
      <div className={styles.panel} hidden={!showList}>
        <div id={listId} role="listbox" aria-label={placeholder} className={styles.listbox}>
          {suggestionOptions.length > 0 && (
            <Group label="Suggestions" id={`${listId}-g-s`}>
              {suggestionOptions.map(
                (option) =>
                  option.kind === 'suggestion' && (
                    <div key={option.id} {...optionProps(option)}>
                      {option.hasMedia ? (
                        <Image size={16} aria-hidden="true" className={styles.optionIcon} />
                      ) : (
                        <FileText size={16} aria-hidden="true" className={styles.optionIcon} />
                      )}
                      <span className={styles.optionText}>{option.text}</span>
                    </div>
                  ),
              )}
            </Group>
          )}
          {popularOptions.length > 0 && (
            <Group label={SEARCH_MESSAGES.popularSearches} id={`${listId}-g-p`}>
              {popularOptions.map(
                (option) =>
                  option.kind === 'popular' && (
                    <div key={option.id} {...optionProps(option)}>
                      <TrendingUp size={16} aria-hidden="true" className={styles.optionIcon} />
                      <span className={styles.optionText}>{option.search.text}</span>
                    </div>
                  ),
              )}
            </Group>
          )}
          {recentOptions.length > 0 && (
            <Group
              label={SEARCH_MESSAGES.myRecent}
              id={`${listId}-g-r`}
              action={
                <button
                  type="button"
                  className={styles.clearAll}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => setConfirmClear(true)}
                >
                  {SEARCH_MESSAGES.clearAll}
                </button>
              }
            >
              {recentOptions.map(
                (option) =>
                  option.kind === 'recent' && (
                    <div key={option.id} className={styles.recentRow} role="presentation">
                      <div {...optionProps(option)}>
                        <Clock size={16} aria-hidden="true" className={styles.optionIcon} />
                        <span className={styles.optionText}>{option.search.text}</span>
                      </div>
                      <button
                        type="button"
                        tabIndex={-1}
                        className={styles.remove}
                        aria-label={`Remove ${option.search.text}`}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => handleRemove(option.search)}
                      >
                        <X size={16} aria-hidden="true" />
                      </button>
                    </div>
                  ),
              )}
            </Group>
          )}
        </div>
        {emptyHint && <p className={styles.hint}>{SEARCH_MESSAGES.emptyHint}</p>}
      </div>
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={SEARCH_MESSAGES.clearRecentConfirm}
        confirmLabel={SEARCH_MESSAGES.clear}
        tone="danger"
        pending={clearRecent.isPending}
        onConfirm={handleClearAll}
      />
    </form>
  );
}

function Group({
  label,
  id,
  action,
  children,
}: {
  label: string;
  id: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (a fieldset is for form fields)
    <div role="group" aria-labelledby={id} className={styles.group}>
      <div className={styles.groupHeader}>
        <span id={id} className={styles.groupLabel}>
          {label}
        </span>
        {action}
      </div>
      {children}
    </div>
  );
}
