import type { Post } from '@campus/contract';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useParentPost } from '../api/get-parent-post.ts';
import styles from './composer.module.css';

/** Characters of the answered post shown above the editor. */
const PREVIEW_CHARS = 200;

function preview(text: string): string {
  const chars = Array.from(text.trim());
  return chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS).join('').trimEnd()}…` : chars.join('');
}

/** The post a comment answers, compact: author, the start of its text, its first photo. */
function ParentPostCard({ post }: { post: Post }) {
  const { author } = post;
  const photo = post.media.find((m) => m.kind === 'image');
  const text = preview(post.plainText);
  return (
    <figure className={styles.parent}>
      <Avatar src={author.img} size={36} />
      <div className={styles.parentBody}>
        <p className={styles.parentAuthor}>
          <span className={styles.parentName}>
            {author.firstName} {author.lastName}
          </span>{' '}
          <span className={styles.parentHandle}>@{author.username}</span>
        </p>
        {text && <blockquote className={styles.parentText}>{text}</blockquote>}
        <figcaption className={styles.replyingTo}>
          Replying to <span className={styles.replyingHandle}>@{author.username}</span>
        </figcaption>
      </div>
      {photo && <img className={styles.parentPhoto} src={photo.url} alt="" />}
    </figure>
  );
}

function ParentPostSkeleton() {
  return (
    <div className={styles.parent} aria-hidden="true">
      <Skeleton circle width={36} height={36} />
      <div className={styles.parentBody}>
        <Skeleton width="40%" height={14} />
        <Skeleton width="85%" height={14} />
      </div>
    </div>
  );
}

/** The answered post: the one the opener handed over, else fetched (a reload, a shared link). */
export function ParentPost({ parentId, known }: { parentId: string; known: Post | null }) {
  const { post, isLoading } = useParentPost(parentId, known);
  if (post) return <ParentPostCard post={post} />;
  return isLoading ? <ParentPostSkeleton /> : null;
}
