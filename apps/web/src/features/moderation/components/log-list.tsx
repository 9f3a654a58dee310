import { MODERATION_MESSAGES, MODERATION_SCREEN_TEXTS, type ModerationLogEntry } from '@campus/contract';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { fullName } from '@/components/post-card/author-line.tsx';
import { formatFullDate } from '@/components/post-card/format-post.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useModerationLog } from '../api/get-log.ts';
import styles from './moderation.module.css';
import { PagedList } from './paged-list.tsx';

/** 'Avery Brooks suspended Jordan Lee (7 days)': who did what to whom; the reason and the time under it. */
function LogRow({ entry }: { entry: ModerationLogEntry }) {
  // Warnings, suspensions and bans reach a person; the rest act on the content itself.
  const onPerson = entry.target.type === 'user' || ['warn', 'suspend', 'ban'].includes(entry.action);
  const target = onPerson ? null : MODERATION_SCREEN_TEXTS.logTarget[entry.target.type];
  return (
    <li className={styles.logRow}>
      <Avatar src={entry.moderator.img} size={36} className={styles.itemAvatar} />
      <div className={styles.itemBody}>
        <p className={styles.logLine}>
          <Link to={paths.profile.getHref(entry.moderator.username)} className={styles.itemName}>
            {fullName(entry.moderator)}
          </Link>{' '}
          {MODERATION_SCREEN_TEXTS.logAction[entry.action]} {target && `${target} of `}
          {entry.subject ? (
            <Link to={paths.profile.getHref(entry.subject.username)} className={styles.itemName}>
              {fullName(entry.subject)}
            </Link>
          ) : (
            MODERATION_SCREEN_TEXTS.logTarget[entry.target.type]
          )}
          {entry.days !== null && ` (${MODERATION_MESSAGES.suspendFor(entry.days)})`}
        </p>
        <p className={styles.itemText}>{MODERATION_SCREEN_TEXTS.logReason(entry.reason)}</p>
        <time className={styles.itemMeta} dateTime={entry.createdAt} suppressHydrationWarning>
          {formatFullDate(entry.createdAt)}
        </time>
      </div>
    </li>
  );
}

/** The audit log (docs/product/moderation.md#audit-log): read-only, newest first, 20 a page. */
export function LogList() {
  const query = useModerationLog();
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.entries}
      label={MODERATION_MESSAGES.logTitle}
      skeleton={
        <div className={styles.logSkeleton} aria-hidden="true">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} height={56} />
          ))}
        </div>
      }
      loadFailed={MODERATION_SCREEN_TEXTS.logLoadFailed}
      empty={
        <EmptyState
          icon={<ScrollText aria-hidden="true" size={28} />}
          title={MODERATION_MESSAGES.logEmptyTitle}
          body={MODERATION_MESSAGES.logEmptyBody}
        />
      }
    >
      {(entries) => (
        <ol className={styles.log}>
          {entries.map((entry) => (
            <LogRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </PagedList>
  );
}
