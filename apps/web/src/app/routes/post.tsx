import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { BoostBridgeProvider } from '@/components/post-card/boost-bridge.tsx';
import { boostStatusQueryOptions } from '@/features/ads/api/get-boost-status.ts';
import { PostBoostControls } from '@/features/ads/components/post-boost-controls.tsx';
import { postQueryOptions } from '@/features/posts/api/get-post.ts';
import { PostDetail } from '@/features/posts/components/post-detail.tsx';
import { campusHead, postHead, type WithHead } from '../head.ts';
import { postTitleModule } from '../layout/headers/post-header.tsx';
import { loadShell } from '../loaders.ts';
import { CommunityGate, loadCommunity } from './community-gate.tsx';

/** A member's post page; a visitor's is the private screen, and its preview the campus's. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs): Promise<WithHead> => {
    const [member] = await Promise.all([loadCommunity(queryClient), postTitleModule.load()]);
    if (!member) {
      const shell = await loadShell(queryClient);
      return { head: shell && campusHead(shell.campus) };
    }
    const post = postQueryOptions(params.postId ?? '');
    // The boost buttons' answer too (the owner's Boost Post / View Analytics, a visitor's
    // call-to-action): drawn with the page, they do not move the comments below when it arrives.
    await Promise.all([
      queryClient.prefetchQuery(post),
      queryClient.prefetchQuery(boostStatusQueryOptions(params.postId ?? '')),
    ]);
    const page = queryClient.getQueryData(post.queryKey);
    return { head: page ? postHead(page.post, member.campus) : campusHead(member.campus) };
  };

/**
 * /post/{postId}, and its shared form /post/{postId}?redirect=true (the same page: a visitor
 * who opens a shared link sees the private-community screen, signs in, and lands here).
 */
export function Component() {
  const { postId = '' } = useParams();
  return (
    <CommunityGate>
      {/* A new post id is a new page: nothing (expanded text, open dialogs) carries over. */}
      <BoostBridgeProvider value={PostBoostControls}>
        <PostDetail key={postId} postId={postId} />
      </BoostBridgeProvider>
    </CommunityGate>
  );
}
