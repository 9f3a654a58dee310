import {
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  type ModerationAction,
  type ModerationQueueGroup,
  REPORT_REASON_LABELS,
  suspensionEndText,
} from '@campus/contract';
import { useState } from 'react';
import { fullName } from '@/components/post-card/author-line.tsx';
import { formatFullDate, formatRelativeTime } from '@/components/post-card/format-post.ts';
import { Button } from '@/components/ui/button.tsx';
import { useCampus } from '@/lib/campus.ts';
import { ActionDialog } from './action-dialog.tsx';
import styles from './moderation.module.css';
import { QueueContent } from './queue-content.tsx';

const TYPE_NAMES = {
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  review: 'Review',
  user: 'Member',
} as const;

/**
 * Which actions fit the group (docs/product/moderation.md#actions): remove only content that shows;
 * restore what is hidden or removed, or a member's running suspension; ban only who is not banned.
 */
function actionsFor(group: ModerationQueueGroup): ModerationAction[] {
  const isContent = group.target.type !== 'user';
  const standing = group.authorStanding.status;
  const actions: ModerationAction[] = ['dismiss'];
  if (isContent && group.moderation !== 'removed' && group.content.type !== 'gone') actions.push('remove');
  actions.push('warn');
  if (standing !== 'banned') actions.push('suspend', 'ban');
  if ((isContent && group.moderation !== null) || (!isContent && standing === 'suspended')) actions.push('restore');
  return actions;
}

/** Where the author stands: in good standing, suspended until when (campus clock), banned. */
function Standing({ group }: { group: ModerationQueueGroup }) {
  const campus = useCampus();
  const standing = group.authorStanding;
  if (standing.status === 'good')
    return <span className={styles.standing}>{MODERATION_SCREEN_TEXTS.standingGood}</span>;
  const text =
    standing.status === 'suspended'
      ? MODERATION_SCREEN_TEXTS.standingSuspended(suspensionEndText(standing.until, campus.slug))
      : MODERATION_SCREEN_TEXTS.standingBanned;
  return <span className={`${styles.standing} ${styles.standingBad}`}>{text}</span>;
}

/**
 * One target of the queue (docs/product/moderation.md#the-queue): what it is and how many reported
 * it, the content in its context, each report (reason, who, when, the note), its author's
 * standing, and the actions. Each action opens its own dialog, which asks for the reason.
 */
export function QueueGroup({ group }: { group: ModerationQueueGroup }) {
  const [acting, setActing] = useState<ModerationAction | null>(null);
  const name = fullName(group.author);
  const typeName = TYPE_NAMES[group.target.type];
  return (
    <article className={styles.group} aria-label={`${typeName} by ${name}`}>
      <header className={styles.groupHead}>
        <span className={styles.type}>{typeName}</span>
        <span className={styles.count}>{MODERATION_MESSAGES.reportCount(group.reportCount)}</span>
        {group.moderation && (
          <span className={`${styles.tag} ${styles.tagStrong}`}>
            {group.moderation === 'hidden' ? MODERATION_MESSAGES.autoHidden : MODERATION_MESSAGES.removed}
          </span>
        )}
        <time
          className={styles.groupTime}
          dateTime={group.firstReportedAt}
          title={formatFullDate(group.firstReportedAt)}
          suppressHydrationWarning
        >
          {MODERATION_SCREEN_TEXTS.firstReported(formatRelativeTime(group.firstReportedAt))}
        </time>
      </header>
      <div className={styles.groupBody}>
        <section className={styles.groupContent} aria-label={MODERATION_MESSAGES.reportTitle[group.target.type]}>
          <QueueContent content={group.content} />
          <p className={styles.author}>
            <span className={styles.authorName}>{name}</span> · <Standing group={group} />
          </p>
        </section>
        <section className={styles.reports} aria-label={MODERATION_MESSAGES.reportCount(group.reportCount)}>
          <ul className={styles.reportList}>
            {group.reports.map((report) => (
              <li key={report.id} className={styles.report}>
                <p className={styles.reportHead}>
                  <span className={styles.reason}>{REPORT_REASON_LABELS[report.reason]}</span>
                  <time className={styles.itemMeta} dateTime={report.createdAt} suppressHydrationWarning>
                    {formatRelativeTime(report.createdAt)}
                  </time>
                </p>
                <p className={styles.itemMeta}>{MODERATION_SCREEN_TEXTS.reportedBy(fullName(report.reporter))}</p>
                {report.note && (
                  <blockquote className={styles.note}>
                    <span className="visually-hidden">{MODERATION_SCREEN_TEXTS.reporterNote}: </span>
                    {report.note}
                  </blockquote>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <fieldset className={styles.actions}>
        <legend className="visually-hidden">{MODERATION_SCREEN_TEXTS.actionsLabel(name)}</legend>
        {actionsFor(group).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'ban' ? 'danger' : 'secondary'}
            onClick={() => setActing(action)}
          >
            {MODERATION_MESSAGES.actionLabels[action]}
          </Button>
        ))}
      </fieldset>
      {acting && (
        <ActionDialog
          action={acting}
          target={{ type: group.target.type, id: group.target.id }}
          name={name}
          onClose={() => setActing(null)}
        />
      )}
    </article>
  );
}
