import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { IconButton } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { lazyModule } from '@/lib/lazy-module.ts';
import { hasHistoryToGoBackTo } from '@/lib/navigation.ts';
import styles from './header.module.css';

/**
 * The title reads the post page's query, which arrives with the page's code (decision 022). A
 * lazy module the page's loader loads (routes/post.tsx), not React.lazy: loaded, it draws in the
 * same render, so the server draws it and the browser hydrates it at once (decision 031).
 */
export const postTitleModule = lazyModule(() => import('./post-title.tsx'));

const titleSkeleton = <Skeleton width={140} height={20} />;

/** "{first name}'s post" with a back button: to where the person came from, or the feed. */
export function PostHeader({ hidden = false }: { hidden?: boolean }) {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const title = postTitleModule.useModule();
  return (
    <header className={[styles.header, hidden && styles.hidden].filter(Boolean).join(' ')}>
      <IconButton
        label="Back"
        className={styles.back}
        onClick={() => (hasHistoryToGoBackTo() ? navigate(-1) : navigate(paths.home.getHref()))}
      >
        <ArrowLeft aria-hidden="true" size={20} />
      </IconButton>
      <h1 className={styles.title}>
        {title ? <title.PostTitle postId={postId} skeleton={titleSkeleton} /> : titleSkeleton}
      </h1>
    </header>
  );
}
