import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { StaticPageSlug } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { STATIC_PAGES } from '../content/index.ts';
import styles from './prose.module.css';

export function staticPageTitle(slug: StaticPageSlug): string {
  return STATIC_PAGES[slug].title;
}

/**
 * One static information page inside the typographic wrapper. The texts are plain HTML with
 * ordinary <a href="/settings/…"> links; clicks on links to this site are turned into router
 * navigations so moving between pages keeps the app loaded.
 */
export function StaticPage({ slug }: { slug: StaticPageSlug }) {
  const campus = useCampus();
  const navigate = useNavigate();
  const { Component } = STATIC_PAGES[slug];

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only delegates clicks of the links inside, which are keyboard-operable themselves
    <div className={styles.prose} onClick={handleClick}>
      <Component campus={campus} />
    </div>
  );
}
