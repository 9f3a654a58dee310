import type { PostAuthor } from '@campus/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import styles from './author-line.module.css';
import { formatFullDate, formatRelativeTime } from './format-post.ts';

export function fullName(author: Pick<PostAuthor, 'firstName' | 'lastName'>): string {
  return `${author.firstName} ${author.lastName}`.trim();
}

interface AuthorLineProps {
  author: PostAuthor;
  createdAt: string;
  /** Links the time to the post (cards); the post page shows the full date elsewhere. */
  postId?: string;
  className?: string;
}

/** 'Avery Brooks @averybrooks · 5m': the name links to the profile, the time to the post. */
export function AuthorLine({ author, createdAt, postId, className }: AuthorLineProps) {
  const time = (
    // The age the server drew may have turned a minute by the time the page is hydrated.
    <time dateTime={createdAt} title={formatFullDate(createdAt)} suppressHydrationWarning>
      {formatRelativeTime(createdAt)}
    </time>
  );
  return (
    <div className={[styles.line, className].filter(Boolean).join(' ')}>
      <Link to={paths.profile.getHref(author.username)} className={styles.name}>
        {fullName(author)}
      </Link>
      <span className={styles.username}>@{author.username}</span>
      <span className={styles.dot} aria-hidden="true">
        ·
      </span>
      {postId ? (
        <Link to={paths.post.getHref(postId)} className={styles.time}>
          {time}
        </Link>
      ) : (
        <span className={styles.time}>{time}</span>
      )}
    </div>
  );
}
