import {
  AD_GOALS,
  AD_MESSAGES,
  ADS,
  type AdGoal,
  boostChargeText,
  boostPriceCents,
  boostReachText,
  boostReturnText,
  CTA_LABELS,
  DEFAULT_CTA_LABEL,
  formatUsd,
  LIMITS,
  POST_PAGE_ALERTS,
} from '@campus/contract';
import { CircleAlert, Globe, type LucideIcon, MessageCircle, Rocket, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { storeAlert } from '@/components/ui/stored-alert.ts';
import { TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useViewer } from '@/lib/viewer.ts';
import { useBoostStatusQuery } from '../api/get-boost-status.ts';
import { useStartBoost } from '../api/start-boost.ts';
import { boostFieldSchema } from '../lib/boost-form.ts';
import { goTo } from '../lib/go-to.ts';
import styles from './boost.module.css';

const GOALS: Record<AdGoal, { title: string; hint: string; icon: LucideIcon }> = {
  website: { title: 'Get more website visits', hint: 'A button on your post opens your link.', icon: Globe },
  message: { title: 'Get more messages', hint: 'People message you about your post.', icon: MessageCircle },
  profile: { title: 'Get more profile visits', hint: 'People see your profile and other posts.', icon: UserRound },
};

const TEXTS = {
  goal: 'Goal',
  goalHint: 'What should people do when they see your post?',
  website: 'Website URL',
  websitePlaceholder: 'https://www.example.com',
  label: 'Button label',
  chooseLabel: 'Choose a label',
  duration: 'Duration',
  days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  untilPaused: 'Run until paused',
  untilPausedHint: 'Your ad keeps running until you pause or stop it.',
  budget: 'Budget',
  total: 'Total',
  perDay: (days: number) => `${days} × $5 a day`,
  reach: 'Estimated daily reach',
  reachUnit: 'accounts per day',
  processing: 'Processing...',
  againNote: 'Your last ad for this post has ended. Boost it again to reach more people.',
} as const;

const LOAD_FAILED = 'We couldn’t load this page. Check your connection and try again.';

const FORM_SCHEMAS = { url: boostFieldSchema('url'), label: boostFieldSchema('label') };

/** 'Something Went Wrong. Please logout and try again.' (spec 3 §5): no sign-in, no such post, not the owner. */
function BoostProblem() {
  return <EmptyState icon={<CircleAlert aria-hidden="true" size={28} />} title={AD_MESSAGES.signInAgain} />;
}

/** A boosted post goes back to its page with 'This post is already boosted' (flag already_boosted). */
function AlreadyBoosted({ postId }: { postId: string }) {
  const [stored, setStored] = useState(false);
  useEffect(() => {
    storeAlert(POST_PAGE_ALERTS.already_boosted);
    setStored(true);
  }, []);
  return stored ? <Navigate replace to={paths.post.getHref(postId)} /> : null;
}

function BoostSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <Skeleton width={120} height={20} />
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton width={120} height={20} />
      <Skeleton height={40} />
    </div>
  );
}

function BoostForm({ postId, again }: { postId: string; again: boolean }) {
  const [goal, setGoal] = useState<AdGoal>('website');
  const [days, setDays] = useState<number>(ADS.defaultDays);
  const [runUntilPause, setRunUntilPause] = useState(false);
  const form = useForm<'url' | 'label'>({ initial: { url: '', label: DEFAULT_CTA_LABEL }, schemas: FORM_SCHEMAS });
  const start = useStartBoost(postId);
  const { showAlert } = useAlert();
  const navigate = useNavigate();
  const labelId = useId();
  const sliderId = useId();

  const priceCents = boostPriceCents({ days, runUntilPause });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (start.isPending) return;
    if (goal === 'website' && !form.validate(['url', 'label'])) return;
    const body =
      goal === 'website'
        ? {
            goal,
            url: form.values.url.trim(),
            label: form.values.label as (typeof CTA_LABELS)[number],
            days,
            runUntilPause,
          }
        : { goal, days, runUntilPause };
    start.mutate(body, {
      onSuccess: ({ url }) => {
        showAlert(AD_MESSAGES.processing, { type: 'okay' });
        goTo(url, navigate);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          if (error.code === 'ALREADY_BOOSTED') {
            navigate(paths.post.getHref(postId), { replace: true });
            return;
          }
          if (error.status === 401) {
            showAlert(AD_MESSAGES.notAuthenticated, { type: 'danger' });
            return;
          }
          if (
            error.code === 'CHECKOUT_FAILED' ||
            error.code === 'VALIDATION_FAILED' ||
            error.code === 'PAYMENTS_NOT_CONFIGURED'
          ) {
            showAlert(error.message, { type: 'danger' });
            return;
          }
          showAlert(AD_MESSAGES.createFailed, { type: 'danger' });
          return;
        }
        // An answer without a checkout link (spec 3 §8 'Checkout link failure': a browser alert).
        window.alert(AD_MESSAGES.signInAgain);
      },
    });
  };

  const labelError = form.errors.label;
  return (
    <form className={styles.page} onSubmit={handleSubmit} noValidate>
      {again && <p className={styles.note}>{TEXTS.againNote}</p>}
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{TEXTS.goal}</legend>
        <p className={styles.sectionHint}>{TEXTS.goalHint}</p>
        <div className={styles.goals}>
          {AD_GOALS.map((value) => {
            const { title, hint, icon: Icon } = GOALS[value];
            return (
              <label key={value} className={styles.goal} data-checked={goal === value || undefined}>
                <input
                  type="radio"
                  name="goal"
                  value={value}
                  className={styles.goalInput}
                  checked={goal === value}
                  onChange={() => setGoal(value)}
                />
                <span className={styles.goalIcon}>
                  <Icon aria-hidden="true" size={20} />
                </span>
                <span className={styles.goalText}>
                  <span className={styles.goalTitle}>{title}</span>
                  <span className={styles.goalHint}>{hint}</span>
                </span>
              </label>
            );
          })}
        </div>
        {goal === 'website' && (
          <div className={styles.website}>
            <TextField
              label={TEXTS.website}
              type="url"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={TEXTS.websitePlaceholder}
              maxLength={LIMITS.adUrlMax}
              {...form.field('url')}
            />
            <div className={styles.selectField}>
              <label className={styles.fieldLabel} htmlFor={labelId}>
                {TEXTS.label}
              </label>
              <select
                id={labelId}
                className={styles.select}
                value={form.values.label}
                aria-invalid={labelError ? true : undefined}
                aria-describedby={labelError ? `${labelId}-error` : undefined}
                onChange={(event) => {
                  form.setValue('label', event.target.value);
                  if (labelError) form.setError('label', null);
                }}
              >
                <option value="">{TEXTS.chooseLabel}</option>
                {CTA_LABELS.map((label) => (
                  <option key={label} value={label}>
                    {label}
                  </option>
                ))}
              </select>
              {labelError && (
                <p id={`${labelId}-error`} className={styles.error}>
                  {labelError}
                </p>
              )}
            </div>
          </div>
        )}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{TEXTS.duration}</legend>
        <div className={styles.sliderRow} data-disabled={runUntilPause || undefined}>
          <label htmlFor={sliderId} className={styles.sliderValue}>
            {TEXTS.days(days)}
          </label>
          <input
            id={sliderId}
            type="range"
            className={styles.slider}
            min={ADS.minDays}
            max={ADS.maxDays}
            step={1}
            value={days}
            disabled={runUntilPause}
            aria-valuetext={TEXTS.days(days)}
            onChange={(event) => setDays(Number(event.target.value))}
          />
          <span className={styles.sliderEnds} aria-hidden="true">
            <span>{TEXTS.days(ADS.minDays)}</span>
            <span>{TEXTS.days(ADS.maxDays)}</span>
          </span>
        </div>
        <label className={styles.toggle}>
          <input type="checkbox" checked={runUntilPause} onChange={(event) => setRunUntilPause(event.target.checked)} />
          <span className={styles.toggleText}>
            <span className={styles.toggleTitle}>
              {TEXTS.untilPaused} <span className={styles.daily}>{AD_MESSAGES.dailyPrice}</span>
            </span>
            <span className={styles.goalHint}>{TEXTS.untilPausedHint}</span>
          </span>
        </label>
      </fieldset>

      <section className={styles.section} aria-labelledby={`${sliderId}-budget`}>
        <h2 id={`${sliderId}-budget`} className={styles.sectionTitle}>
          {TEXTS.budget}
        </h2>
        <dl className={styles.summary}>
          <div className={styles.summaryRow}>
            <dt>{TEXTS.reach}</dt>
            <dd>
              <strong>{boostReachText(runUntilPause)}</strong> {TEXTS.reachUnit}
            </dd>
          </div>
          <div className={styles.summaryRow}>
            <dt>{TEXTS.total}</dt>
            <dd data-testid="boost-price">
              <strong>{formatUsd(priceCents)}</strong>{' '}
              <span className={styles.muted}>({runUntilPause ? AD_MESSAGES.dailyPrice : TEXTS.perDay(days)})</span>
            </dd>
          </div>
        </dl>
        {/* Exactly what checkout charges and what comes back (issue 24), before the button. */}
        <p className={styles.charge} data-testid="boost-charge">
          {boostChargeText({ days, runUntilPause })}
        </p>
        <p className={styles.returns}>{boostReturnText(runUntilPause)}</p>
      </section>

      <Button type="submit" size="lg" block disabled={start.isPending}>
        <Rocket aria-hidden="true" size={18} />
        {start.isPending ? TEXTS.processing : AD_MESSAGES.boostPost}
      </Button>
    </form>
  );
}

/** /post/{id}/boost (spec 3 §2, §5): the owner picks a goal and a duration, then goes to checkout. */
export function BoostPage({ postId }: { postId: string }) {
  const viewer = useViewer();
  const status = useBoostStatusQuery(postId, { enabled: viewer !== null && postId !== '' });
  if (!viewer || postId === '') return <BoostProblem />;
  if (status.isPending) return <BoostSkeleton />;
  if (status.isError) {
    const error = status.error;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return <BoostProblem />;
    return <ErrorState onRetry={() => void status.refetch()} retrying={status.isFetching} body={LOAD_FAILED} />;
  }
  const { isOwner, ownerAction } = status.data;
  if (!isOwner) return <BoostProblem />;
  if (ownerAction === 'analytics') return <AlreadyBoosted postId={postId} />;
  return <BoostForm postId={postId} again={ownerAction === 'boost-again'} />;
}
