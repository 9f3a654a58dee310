import type { Post } from '@campus/contract';
import { Link } from 'react-router';
import { fullName } from '@/components/post-card/author-line.tsx';
import { formatRelativeTime } from '@/components/post-card/format-post.ts';
import { PriceTag } from '@/components/post-card/post-tags.tsx';
import { cutPreview } from '@/components/post-card/preview.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { paths } from '@/config/paths.ts';
import styles from './parent-chain.module.css';

/**
 * Above a reply: the posts it answers, top-level first, each one compact and linking to its
 * own page, joined by a line down to the reply (docs/product/community.md#post-page).
 */
export function ParentChain({ ancestors }: { ancestors: Post[] }) {
  if (ancestors.length === 0) return null;
  return (
    <nav aria-label="In reply to">
      <ol className={styles.chain}>
        {ancestors.map((post) => {
          const thumb = post.media[0];
          return (
            <li key={post.id} className={styles.item}>
              <Link to={paths.post.getHref(post.id)} className={styles.link}>
                <span className={styles.rail}>
                  <Avatar src={post.author.img} size={32} />
                </span>
                <span className={styles.body}>
                  <span className={styles.head}>
                    <span className={styles.name}>{fullName(post.author)}</span>
                    {/* The age may have turned a minute between the server's render and hydration. */}
                    <span className={styles.meta} suppressHydrationWarning>
                      @{post.author.username} · {formatRelativeTime(post.createdAt)}
                    </span>
                  </span>
                  {post.priceCents !== null && (
                    <span className={styles.price}>
                      <PriceTag priceCents={post.priceCents} />
                    </span>
                  )}
                  {post.plainText && <span className={styles.text}>{cutPreview(post.plainText, 140).text}</span>}
                </span>
                {thumb && thumb.kind === 'image' && (
                  <img className={styles.thumb} src={thumb.url} alt="" width={56} height={56} loading="lazy" />
                )}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
