import { POST_MESSAGES } from '@campus/contract';
import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { IconButton } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { usePostQuery } from '@/features/posts/api/get-post.ts';
import { useCampus } from '@/lib/campus.ts';
import { hasHistoryToGoBackTo } from '@/lib/navigation.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './header.module.css';

/** Title while the post is missing (deleted, never existed): there is no first name to show. */
const POST_TITLE = 'Post';

/** The page's own query (one request for both): members of a campus only, like the page below. */
function usePostTitle(postId: string): string | null {
  const viewer = useViewer();
  const campus = useCampus();
  const member = Boolean(viewer?.schoolVerified) && !campus.isHub;
  const query = usePostQuery(postId, { enabled: member });
  if (query.data) return POST_MESSAGES.postOf(query.data.post.author.firstName);
  if (query.isError || !member) return POST_TITLE;
  return null;
}

/** "{first name}'s post" with a back button: to where the person came from, or the feed. */
export function PostHeader({ hidden = false }: { hidden?: boolean }) {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const title = usePostTitle(postId);
  return (
    <header className={[styles.header, hidden && styles.hidden].filter(Boolean).join(' ')}>
      <IconButton
        label="Back"
        className={styles.back}
        onClick={() => (hasHistoryToGoBackTo() ? navigate(-1) : navigate(paths.home.getHref()))}
      >
        <ArrowLeft aria-hidden="true" size={20} />
      </IconButton>
      <h1 className={styles.title}>{title ?? <Skeleton width={140} height={20} />}</h1>
    </header>
  );
}
