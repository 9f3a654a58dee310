import { LIKED_BY_TEXTS } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { likedByQueryOptions } from '@/features/posts/api/get-liked-by.ts';
import { LikedByList } from '@/features/posts/components/liked-by-list.tsx';
import { useHideOnScroll } from '@/lib/use-hide-on-scroll.ts';
import { TitleHeader } from '../layout/headers/title-header.tsx';
import { CommunityGate, loadCommunity } from './community-gate.tsx';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    if (await loadCommunity(queryClient))
      await queryClient.prefetchInfiniteQuery(likedByQueryOptions(params.postId ?? ''));
    return null;
  };

/**
 * /post/{postId}/liked_by: the 'liked by' header (docs/product/community.md#shell-and-layout) with a way back to
 * the post, over the people who saved it. Members of a campus only, like the post page.
 */
export function Component() {
  const { postId = '' } = useParams();
  const hidden = useHideOnScroll();
  return (
    <>
      <TitleHeader title={LIKED_BY_TEXTS.title} back={{ to: paths.post.getHref(postId) }} hidden={hidden} />
      <CommunityGate>
        <LikedByList key={postId} postId={postId} />
      </CommunityGate>
    </>
  );
}
