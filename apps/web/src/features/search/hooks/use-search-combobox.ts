import {
  PAGE_SIZES,
  type PopularSearch,
  type RecentSearch,
  SCHOOL_FINDER_TEXTS,
  SEARCH_MESSAGES,
} from '@campus/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import { usePopularQuery } from '../api/get-popular.ts';
import { useSuggestionsQuery } from '../api/get-suggestions.ts';
import { useAddRecent, useClearRecent, useRecentQuery, useRemoveRecent } from '../api/recent-searches.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;

export type SearchOption =
  | { kind: 'suggestion'; id: string; postId: string; text: string; hasMedia: boolean }
  | { kind: 'popular'; id: string; search: PopularSearch }
  | { kind: 'recent'; id: string; search: RecentSearch };

/**
 * The header search box's state (docs/product/search.md#search-box): the text, which follows the address
 * on /search; the options of the dropdown (suggestions while typing, the first popular searches
 * on a results page, 'My Recent'); the active option of the arrow keys; and what choosing,
 * searching, removing and clearing send. The view (components/search-combobox.tsx) only draws.
 */
export function useSearchCombobox() {
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

  const options: SearchOption[] = [];
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

  // A press outside the box closes the list.
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

  const choose = (option: SearchOption) => {
    if (option.kind === 'suggestion') {
      setOpen(false);
      setActive(-1);
      navigate(paths.post.getHref(option.postId));
    } else {
      runSearch(option.search.text);
    }
  };

  const remove = (search: RecentSearch) => {
    removeRecent.mutate(search.id, { onSuccess: () => showAlert(SEARCH_MESSAGES.recentRemoved) });
  };

  const clearAll = () => {
    clearRecent.mutate(undefined, {
      onSuccess: () => {
        setConfirmClear(false);
        showAlert(SEARCH_MESSAGES.historyCleared);
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (campus.isHub) {
      navigate(paths.searchSchools.getHref());
      return;
    }
    if (activeOption) {
      choose(activeOption);
      return;
    }
    // Enter on an empty box does nothing (docs/product/search.md#search-box).
    if (!typed) return;
    runSearch(typed);
  };

  /** Arrow keys move through the options (opening the list first), Escape closes it, Shift+Delete removes a recent one. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
      remove(activeOption.search);
    }
  };

  const onTextChange = (value: string) => {
    setText(value);
    setActive(-1);
    setOpen(true);
  };

  return {
    rootRef,
    inputId,
    listId,
    placeholder,
    text,
    showList: open && !campus.isHub,
    options,
    activeOption,
    confirmClear,
    setConfirmClear,
    clearing: clearRecent.isPending,
    onTextChange,
    onFocus: () => setOpen(true),
    // On the hub the box is a way to the school finder.
    onClick: campus.isHub ? () => navigate(paths.searchSchools.getHref()) : () => setOpen(true),
    onKeyDown,
    onSubmit,
    choose,
    /** The pointer over an option makes it the active one. */
    hover: (option: SearchOption) => setActive(options.indexOf(option)),
    remove,
    clearAll,
  };
}
