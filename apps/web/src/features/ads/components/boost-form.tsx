import {
  AD_GOALS,
  AD_MESSAGES,
  ADS,
  type AdGoal,
  boostChargeText,
  boostReachText,
  boostReturnText,
  CTA_LABELS,
  formatUsd,
  LIMITS,
} from '@campus/contract';
import { Globe, type LucideIcon, MessageCircle, Rocket, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useBoostForm } from '../hooks/use-boost-form.ts';
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

/**
 * /post/{id}/boost's form (docs/product/boosting.md#boost-rules): goal, website and button label, duration or 'Run until
 * paused', the budget and what checkout charges, then Boost Post. Its state is useBoostForm's.
 */
export function BoostForm({ postId, again }: { postId: string; again: boolean }) {
  const boost = useBoostForm(postId);
  const { goal, days, runUntilPause, labelError } = boost;
  const labelId = useId();
  const sliderId = useId();
  return (
    <form className={styles.page} onSubmit={boost.onSubmit} noValidate>
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
                  onChange={() => boost.setGoal(value)}
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
              {...boost.urlField}
            />
            <div className={styles.selectField}>
              <label className={styles.fieldLabel} htmlFor={labelId}>
                {TEXTS.label}
              </label>
              <select
                id={labelId}
                className={styles.select}
                value={boost.label}
                aria-invalid={labelError ? true : undefined}
                aria-describedby={labelError ? `${labelId}-error` : undefined}
                onChange={(event) => boost.setLabel(event.target.value)}
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
            onChange={(event) => boost.setDays(Number(event.target.value))}
          />
          <span className={styles.sliderEnds} aria-hidden="true">
            <span>{TEXTS.days(ADS.minDays)}</span>
            <span>{TEXTS.days(ADS.maxDays)}</span>
          </span>
        </div>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={runUntilPause}
            onChange={(event) => boost.setRunUntilPause(event.target.checked)}
          />
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
              <strong>{formatUsd(boost.priceCents)}</strong>{' '}
              <span className={styles.muted}>({runUntilPause ? AD_MESSAGES.dailyPrice : TEXTS.perDay(days)})</span>
            </dd>
          </div>
        </dl>
        {/* Exactly what checkout charges and what comes back (docs/decisions/030-feed-ads-and-rough-edges.md), before the button. */}
        <p className={styles.charge} data-testid="boost-charge">
          {boostChargeText({ days, runUntilPause })}
        </p>
        <p className={styles.returns}>{boostReturnText(runUntilPause)}</p>
      </section>

      <Button type="submit" size="lg" block disabled={boost.pending}>
        <Rocket aria-hidden="true" size={18} />
        {boost.pending ? TEXTS.processing : AD_MESSAGES.boostPost}
      </Button>
    </form>
  );
}
