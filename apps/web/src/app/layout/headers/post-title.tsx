import { POST_MESSAGES } from '@campus/contract';
import type { ReactNode } from 'react';
import { usePostQuery } from '@/features/posts/api/get-post.ts';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';

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

/** The post header's title, or `skeleton` while the post loads. */
export function PostTitle({ postId, skeleton }: { postId: string; skeleton: ReactNode }) {
  return usePostTitle(postId) ?? skeleton;
}
