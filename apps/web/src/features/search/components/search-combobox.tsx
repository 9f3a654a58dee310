import { SEARCH_MESSAGES } from '@campus/contract';
import { Clock, FileText, Image, Search, TrendingUp, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { type SearchOption, useSearchCombobox } from '../hooks/use-search-combobox.ts';
import styles from './search-combobox.module.css';

/**
 * The header search box of a campus (docs/product/search.md#search-box): a combobox whose dropdown holds
 * suggestions while typing (posts, from the search engine), 'Popular searches' (first 4, on a
 * results page) and 'My Recent' with remove and 'Clear all'. Arrow keys move through the
 * options, Enter opens the active one (or searches the text), Escape closes the list; Enter on
 * an empty box does nothing. Its state and keys live in useSearchCombobox.
 */
export function SearchCombobox({ className }: { className?: string }) {
  const box = useSearchCombobox();
  const { options, activeOption, listId, placeholder, showList } = box;
  const suggestionOptions = options.filter((o) => o.kind === 'suggestion');
  const popularOptions = options.filter((o) => o.kind === 'popular');
  const recentOptions = options.filter((o) => o.kind === 'recent');
  const emptyHint = options.length === 0;

  const optionProps = (option: SearchOption) => ({
    id: option.id,
    role: 'option' as const,
    'aria-selected': activeOption?.id === option.id,
    className: [styles.option, activeOption?.id === option.id && styles.activeOption].filter(Boolean).join(' '),
    // Keep the focus in the box; the click chooses.
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    onClick: () => box.choose(option),
    onMouseMove: () => box.hover(option),
  });

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (jsdom, Safari < 17)
    <form
      ref={box.rootRef}
      role="search"
      className={[styles.form, className].filter(Boolean).join(' ')}
      onSubmit={box.onSubmit}
    >
      <label htmlFor={box.inputId} className="visually-hidden">
        {placeholder}
      </label>
      <Search className={styles.icon} aria-hidden="true" size={18} />
      <input
        id={box.inputId}
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
        value={box.text}
        maxLength={1000}
        onChange={(event) => box.onTextChange(event.target.value)}
        onFocus={box.onFocus}
        onKeyDown={box.onKeyDown}
        onClick={box.onClick}
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
                  onClick={() => box.setConfirmClear(true)}
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
                        onClick={() => box.remove(option.search)}
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
        open={box.confirmClear}
        onOpenChange={box.setConfirmClear}
        title={SEARCH_MESSAGES.clearRecentConfirm}
        confirmLabel={SEARCH_MESSAGES.clear}
        tone="danger"
        pending={box.clearing}
        onConfirm={box.clearAll}
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
