import { AD_MESSAGES, type AdListItem } from '@campus/contract';
import { ArrowLeft, ChartColumn, Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { IconLink } from '@/components/ui/button.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useAdsQuery } from '../api/get-ads.ts';
import { formatAdDate, formatSpend } from '../lib/format-ad.ts';
import { AdDetailPane } from './ad-detail.tsx';
import { InfiniteScrollTrigger } from './infinite-scroll-trigger.tsx';
import styles from './my-ads.module.css';
import { StatusPill } from './status-pill.tsx';

const TEXTS = {
  title: 'Manage Ads',
  noAdsBody: 'Boost one of your posts and it shows up here.',
  pickTitle: 'Select an ad',
  pickBody: 'Choose an ad on the left to see how it is doing.',
  loadFailed: 'We couldn’t load your ads. Check your connection and try again.',
} as const;

function AdRow({ ad, active }: { ad: AdListItem; active: boolean }) {
  const thumb = ad.post.media?.kind === 'image' ? ad.post.media.url : null;
  return (
    <li>
      <Link
        to={paths.ad.getHref(ad.id)}
        className={[styles.row, active && styles.rowActive].filter(Boolean).join(' ')}
        aria-current={active ? 'page' : undefined}
      >
        <span className={styles.thumb} aria-hidden="true">
          {thumb ? <img src={thumb} alt="" width={48} height={48} /> : <Megaphone size={20} />}
        </span>
        <span className={styles.rowText}>
          <span className={styles.rowTop}>
            <span className={styles.rowTitle}>{ad.title}</span>
            <StatusPill status={ad.status} label={ad.statusLabel} />
          </span>
          <span className={styles.rowMeta}>
            {formatSpend(ad.status, ad.budget.totalSpentCents, ad.budget.amountBudgetedCents)} ·{' '}
            {formatAdDate(ad.createdAt)}
          </span>
        </span>
      </Link>
    </li>
  );
}

function AdListSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.row}>
          <Skeleton width={48} height={48} />
          <span className={styles.rowText}>
            <Skeleton width="60%" height={16} />
            <Skeleton width="40%" height={14} />
          </span>
        </div>
      ))}
    </div>
  );
}

function AdList({ activeAdId }: { activeAdId?: string }) {
  const query = useAdsQuery();
  if (query.isPending) return <AdListSkeleton />;
  if (query.isError && !query.data) {
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} body={TEXTS.loadFailed} />;
  }
  const ads = query.data.pages.flatMap((page) => page.ads);
  if (ads.length === 0) {
    return (
      <EmptyState icon={<Megaphone aria-hidden="true" size={28} />} title={AD_MESSAGES.noAds} body={TEXTS.noAdsBody} />
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label="Your ads">
        {ads.map((ad) => (
          <AdRow key={ad.id} ad={ad} active={ad.id === activeAdId} />
        ))}
      </ul>
      <InfiniteScrollTrigger query={query} />
    </>
  );
}

/**
 * /ads and /ads/{adID} (docs/product/boosting.md#boost-routes): on wide screens the list and the open ad side by side; on
 * phones (≤ 769 px) the list alone, and an ad replaces it.
 */
export function MyAdsPage({ adId }: { adId?: string }) {
  return (
    <div className={[styles.layout, adId ? styles.hasDetail : styles.noDetail].join(' ')}>
      <div className={styles.listColumn}>
        <header className={styles.listHeader}>
          <IconLink to={paths.settings.root.getHref()} label="Back" className={styles.backMobile}>
            <ArrowLeft aria-hidden="true" size={20} />
          </IconLink>
          <h1 className={styles.heading}>{TEXTS.title}</h1>
        </header>
        <AdList activeAdId={adId} />
      </div>
      <div className={styles.detailColumn}>
        {adId ? (
          <AdDetailPane key={adId} adId={adId} />
        ) : (
          <EmptyState
            icon={<ChartColumn aria-hidden="true" size={28} />}
            title={TEXTS.pickTitle}
            body={TEXTS.pickBody}
          />
        )}
      </div>
    </div>
  );
}
