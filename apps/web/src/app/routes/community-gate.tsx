import { type ReactNode, useCallback } from 'react';
import { Navigate } from 'react-router';
import { ComposerBridgeProvider, type OpenComposer } from '@/components/post-card/composer-bridge.tsx';
import { paths } from '@/config/paths.ts';
import { useComposer } from '@/features/composer/index.ts';
import { PrivateCommunity } from '@/features/home/components/private-community.tsx';
import { MessageShareProvider } from '@/features/messages/components/message-share-provider.tsx';
import { useCampus } from '@/lib/campus.ts';
import { landingPathFor, useViewer } from '@/lib/viewer.ts';

/**
 * The one call site of the composer for the posts screens (Comment, Reply, 'Create A Comment',
 * 'Create Post' on an empty feed): the composer is a feature of its own, so the app hands its
 * opener to the posts feature (features do not import each other).
 */
function useComposerForPosts(): OpenComposer {
  const composer = useComposer();
  return useCallback((request) => composer.open(request ? { parentPost: request.parentPost } : undefined), [composer]);
}

/**
 * The screens of a campus community (feed, media, post pages): every campus is private
 * (spec 1 §1), so a visitor sees 'This community is private.' in their place; a signed-in
 * person goes on to /verify or the school-email page first (spec 1 §4 'Redirects'), as from
 * the sign-in pages. The hub has no community of its own and sends everyone home.
 */
export function CommunityGate({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const campus = useCampus();
  const openComposer = useComposerForPosts();
  if (campus.isHub) return <Navigate replace to={paths.home.getHref()} />;
  if (!viewer) return <PrivateCommunity />;
  const landing = landingPathFor(viewer, campus);
  if (landing !== paths.home.getHref()) return <Navigate replace to={landing} />;
  return (
    <ComposerBridgeProvider value={openComposer}>
      <MessageShareProvider>{children}</MessageShareProvider>
    </ComposerBridgeProvider>
  );
}
