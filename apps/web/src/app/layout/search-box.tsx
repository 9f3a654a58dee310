import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import styles from './search-box.module.css';

/** On the hub the box does not search posts: it opens the school finder. */
const HUB_PLACEHOLDER = 'Search schools';

export function SearchBox({ className }: { className?: string }) {
  const campus = useCampus();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const inputId = useId();
  const [text, setText] = useState(() => (location.pathname === paths.search.path ? (params.get('q') ?? '') : ''));

  const placeholder = campus.isHub ? HUB_PLACEHOLDER : `Search ${siteName(campus)}`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (campus.isHub) {
      navigate(paths.searchSchools.getHref());
      return;
    }
    const query = text.trim();
    // Enter on an empty box does nothing (spec 1 §2).
    if (!query) return;
    navigate(paths.search.getHref({ q: query }));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (jsdom, Safari < 17)
    <form role="search" className={[styles.form, className].filter(Boolean).join(' ')} onSubmit={handleSubmit}>
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
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onClick={campus.isHub ? () => navigate(paths.searchSchools.getHref()) : undefined}
      />
    </form>
  );
}
