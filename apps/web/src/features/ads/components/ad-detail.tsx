import {
  AD_MESSAGES,
  type Ad,
  type AdDetail,
  adRuntimeMs,
  adShowsPlaceholders,
  adSpentCents,
  adTimeLeftMs,
  adTimeLeftText,
  type PostAnalytics,
} from '@campus/contract';
import { ArrowLeft, ExternalLink, Pause, Pencil, Play, Rocket, Square } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button, ButtonLink, IconButton, IconLink } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import { type AdAction, useChangeAdStatus } from '../api/change-ad-status.ts';
import { useAdQuery } from '../api/get-ad.ts';
import { formatAdDateTime, formatRunDays, formatRuntime, formatSpend } from '../lib/format-ad.ts';
import { EditTitleModal } from './edit-title-modal.tsx';
import styles from './my-ads.module.css';
import { StatusPill } from './status-pill.tsx';

const TEXTS = {
  back: 'Back to ads',
  editTitle: 'Edit title',
  status: 'Status',
  overview: 'Overview',
  spend: 'Spend',
  timeLeft: 'Time left',
  runtime: 'Runtime',
  duration: 'Duration',
  untilPaused: 'Until paused',
  views: 'Views',
  accountsReached: 'Accounts reached',
  interactions: 'Interactions',
  directMessages: 'Direct messages',
  copiedLink: 'Link copies',
  websiteClicks: 'Website clicks',
  profileVisits: 'Profile visits',
  details: 'Details',
  goal: 'Goal',
  button: 'Button',
  started: 'Started',
  ends: 'Ends',
  ended: 'Ended',
  created: 'Created',
  viewPost: 'View Post',
  pause: 'Pause Ad',
  resume: 'Resume',
  stop: 'Stop Ad',
  notStarted: 'Not started',
  pausedLabel: 'This ad is paused. It does not show in the feed until you resume it.',
  loadFailed: 'We couldn’t load this ad. Check your connection and try again.',
} as const;

const GOAL_LABELS = { website: 'Website visits', message: 'Messages', profile: 'Profile visits' } as const;

/** The modals of docs/product/boosting.md#ad-modals; the spec gives no words for them. */
const CONFIRM: Record<AdAction, { title: string; body: string; confirm: string; danger?: boolean }> = {
  pause: {
    title: 'Pause Ad?',
    body: 'Your post stops showing as sponsored until you resume it. The paused time is added to the end of the run.',
    confirm: TEXTS.pause,
  },
  resume: { title: 'Resume Ad?', body: 'Your post shows as sponsored in the feed again.', confirm: TEXTS.resume },
  stop: {
    title: 'Stop Ad?',
    body: 'Stopping is permanent: this ad can’t be resumed. You can boost the post again later.',
    confirm: TEXTS.stop,
    danger: true,
  },
};

const SUCCESS: Record<AdAction, string> = {
  pause: AD_MESSAGES.paused,
  resume: AD_MESSAGES.resumed,
  stop: AD_MESSAGES.stopped,
};
const FAILURE: Record<AdAction, string> = {
  pause: AD_MESSAGES.pauseFailed,
  resume: AD_MESSAGES.resumeFailed,
  stop: AD_MESSAGES.stopFailed,
};
/** Refusals whose words the spec gives (docs/product/boosting.md#boosting-messages); anything else is the action's failure message. */
const SPEC_REFUSALS = new Set(['AD_NOT_ACTIVE', 'AD_NOT_PAUSED', 'AD_NOT_FOUND', 'AD_ALREADY_STOPPED']);

/**
 * The server's clock now: its answer's time plus what passed here since, ticking every 10 s so
 * the spend of a running ad ($5 a day: a cent every 173 s) and the time left move visibly.
 */
function useServerNow(serverNow: string, receivedAt: number): number {
  const [clientNow, setClientNow] = useState(() => Date.now());
  useEffect(() => {
    setClientNow(Date.now());
    const timer = window.setInterval(() => setClientNow(Date.now()), 10_000);
    return () => window.clearInterval(timer);
  }, []);
  return Date.parse(serverNow) + Math.max(0, clientNow - receivedAt);
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>{value}</dd>
      {hint && <dd className={styles.statHint}>{hint}</dd>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Controls({ ad }: { ad: Ad }) {
  const [asking, setAsking] = useState<AdAction | null>(null);
  const change = useChangeAdStatus(ad.id);
  const { showAlert } = useAlert();

  const handleConfirm = () => {
    if (!asking || change.isPending) return;
    const action = asking;
    change.mutate(action, {
      onSuccess: () => showAlert(SUCCESS[action], { type: 'success' }),
      onError: (error) =>
        showAlert(error instanceof ApiError && SPEC_REFUSALS.has(error.code) ? error.message : FAILURE[action], {
          type: 'danger',
        }),
      onSettled: () => setAsking(null),
    });
  };

  const finished = ad.status === 'stopped' || ad.status === 'completed';
  const dialog = asking ? CONFIRM[asking] : null;
  return (
    <div className={styles.controls}>
      {ad.status === 'active' && (
        <Button variant="secondary" size="sm" onClick={() => setAsking('pause')}>
          <Pause aria-hidden="true" size={16} />
          {TEXTS.pause}
        </Button>
      )}
      {ad.status === 'paused' && (
        <Button size="sm" onClick={() => setAsking('resume')}>
          <Play aria-hidden="true" size={16} />
          {TEXTS.resume}
        </Button>
      )}
      {(ad.status === 'active' || ad.status === 'paused') && (
        <Button variant="secondary" size="sm" className={styles.dangerButton} onClick={() => setAsking('stop')}>
          <Square aria-hidden="true" size={16} />
          {TEXTS.stop}
        </Button>
      )}
      {finished && (
        <ButtonLink to={paths.postBoost.getHref(ad.postId)} size="sm">
          <Rocket aria-hidden="true" size={16} />
          {AD_MESSAGES.boostAgain}
        </ButtonLink>
      )}
      <ButtonLink to={paths.post.getHref(ad.postId)} variant="secondary" size="sm">
        {TEXTS.viewPost}
      </ButtonLink>
      {dialog && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !change.isPending && setAsking(null)}
          title={dialog.title}
          body={dialog.body}
          confirmLabel={dialog.confirm}
          tone={dialog.danger ? 'danger' : 'default'}
          pending={change.isPending}
          onConfirm={handleConfirm}
        />
      )}
    </div>
  );
}

function counter(placeholders: boolean, value: number): string {
  return placeholders ? AD_MESSAGES.placeholder : formatCount(value);
}

function Analytics({ detail, receivedAt }: { detail: AdDetail; receivedAt: number }) {
  const { ad, analytics } = detail;
  const nowMs = useServerNow(detail.now, receivedAt);
  const [editing, setEditing] = useState(false);
  const placeholders = adShowsPlaceholders(ad.status);
  const finished = ad.status === 'stopped' || ad.status === 'completed';
  const timeLeftMs = adTimeLeftMs(ad, nowMs);
  const a: PostAnalytics = analytics;
  const interactions = a.directMessages + a.copiedLink + a.externalLinkClicks;
  return (
    <article className={styles.detail} aria-label={`Ad: ${ad.title}`}>
      <header className={styles.detailHeader}>
        <IconLink to={paths.ads.getHref()} label={TEXTS.back} className={styles.backMobile}>
          <ArrowLeft aria-hidden="true" size={20} />
        </IconLink>
        <h2 className={styles.detailTitle}>{ad.title}</h2>
        <IconButton label={TEXTS.editTitle} onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" size={18} />
        </IconButton>
      </header>
      <div className={styles.statusRow}>
        <span className={styles.statusLabel}>{TEXTS.status}</span>
        <StatusPill status={ad.status} label={ad.statusLabel} />
      </div>
      {ad.status === 'paused' && <p className={styles.pausedNote}>{TEXTS.pausedLabel}</p>}
      <Controls ad={ad} />

      <Section title={TEXTS.overview}>
        <dl className={styles.stats}>
          <Stat
            label={TEXTS.spend}
            value={formatSpend(ad.status, adSpentCents(ad, nowMs), ad.budget.amountBudgetedCents)}
          />
          <Stat
            label={TEXTS.timeLeft}
            value={placeholders || timeLeftMs === null ? AD_MESSAGES.placeholder : adTimeLeftText(timeLeftMs)}
          />
          <Stat
            label={TEXTS.runtime}
            value={placeholders || !ad.startTime ? AD_MESSAGES.placeholder : formatRuntime(adRuntimeMs(ad, nowMs))}
          />
          <Stat
            label={TEXTS.duration}
            value={ad.runUntilPause ? TEXTS.untilPaused : formatRunDays(ad.budget.durationMinutes)}
          />
        </dl>
      </Section>

      <Section title={TEXTS.views}>
        <dl className={styles.stats}>
          <Stat label={TEXTS.views} value={counter(placeholders, a.views)} />
          <Stat label={TEXTS.accountsReached} value={counter(placeholders, a.accountsReached)} />
        </dl>
      </Section>

      <Section title={TEXTS.interactions}>
        <dl className={styles.stats}>
          <Stat label={TEXTS.interactions} value={counter(placeholders, interactions)} />
          <Stat label={TEXTS.directMessages} value={counter(placeholders, a.directMessages)} />
          <Stat label={TEXTS.copiedLink} value={counter(placeholders, a.copiedLink)} />
          <Stat label={TEXTS.websiteClicks} value={counter(placeholders, a.externalLinkClicks)} />
        </dl>
      </Section>

      <Section title={TEXTS.profileVisits}>
        <dl className={styles.stats}>
          <Stat label={TEXTS.profileVisits} value={counter(placeholders, a.profileVisits)} />
        </dl>
      </Section>

      <Section title={TEXTS.details}>
        <dl className={styles.details}>
          <div className={styles.detailRow}>
            <dt>{TEXTS.goal}</dt>
            <dd>{GOAL_LABELS[ad.cta.type]}</dd>
          </div>
          {ad.cta.type === 'website' && (
            <div className={styles.detailRow}>
              <dt>{TEXTS.button}</dt>
              <dd>
                {ad.cta.label} →{' '}
                <a href={ad.cta.url} target="_blank" rel="noopener noreferrer nofollow" className={styles.link}>
                  {ad.cta.url}
                  <ExternalLink aria-hidden="true" size={14} />
                </a>
              </dd>
            </div>
          )}
          <div className={styles.detailRow}>
            <dt>{TEXTS.started}</dt>
            <dd>{ad.startTime ? formatAdDateTime(ad.startTime) : TEXTS.notStarted}</dd>
          </div>
          {ad.endTimeAdjusted && (!ad.runUntilPause || finished) && (
            <div className={styles.detailRow}>
              <dt>{finished ? TEXTS.ended : TEXTS.ends}</dt>
              <dd>{formatAdDateTime(ad.endTimeAdjusted)}</dd>
            </div>
          )}
          <div className={styles.detailRow}>
            <dt>{TEXTS.created}</dt>
            <dd>{formatAdDateTime(ad.createdAt)}</dd>
          </div>
        </dl>
        <p className={styles.postLine}>
          <Link to={paths.post.getHref(ad.postId)} className={styles.link}>
            {ad.post.plainText.trim() || TEXTS.viewPost}
          </Link>
        </p>
      </Section>
      <EditTitleModal ad={ad} open={editing} onOpenChange={setEditing} />
    </article>
  );
}

function DetailSkeleton() {
  return (
    <div className={styles.detail} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <Skeleton width="50%" height={24} />
      <Skeleton width={90} height={22} />
      <Skeleton height={96} />
      <Skeleton height={96} />
    </div>
  );
}

/** /ads/{adID} (docs/product/boosting.md#ad-analytics-screen): status, overview, views, interactions, profile visits and details. */
export function AdDetailPane({ adId }: { adId: string }) {
  const query = useAdQuery(adId);
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.code === 'AD_NOT_FOUND')) {
      return (
        <div className={styles.detail}>
          <IconLink to={paths.ads.getHref()} label={TEXTS.back} className={styles.backMobile}>
            <ArrowLeft aria-hidden="true" size={20} />
          </IconLink>
          <EmptyState icon={<Square aria-hidden="true" size={28} />} title={AD_MESSAGES.adGone} />
        </div>
      );
    }
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} body={TEXTS.loadFailed} />;
  }
  return <Analytics detail={query.data} receivedAt={query.dataUpdatedAt} />;
}
