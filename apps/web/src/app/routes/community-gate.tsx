import type { CampusResponse } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { Navigate, redirect } from 'react-router';
import { ComposerBridgeProvider, type OpenComposer } from '@/components/post-card/composer-bridge.tsx';
import { paths } from '@/config/paths.ts';
import { useComposer } from '@/features/composer/index.ts';
import { PrivateCommunity } from '@/features/home/components/private-community.tsx';
import { MessageShareProvider } from '@/features/messages/components/message-share-provider.tsx';
import { useCampus } from '@/lib/campus.ts';
import { landingPathFor, useViewer, type Viewer } from '@/lib/viewer.ts';
import { loadShell, type Shell } from '../loaders.ts';

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
 * Where the community screens send a person (docs/product/accounts.md#redirects): the hub has no community
 * of its own and sends everyone home; a signed-in person goes on to /verify or the school-email
 * page first, as from the sign-in pages. Undefined for a member and for a visitor.
 */
function communityRedirect(viewer: Viewer | null, campus: CampusResponse): string | undefined {
  if (campus.isHub) return paths.home.getHref();
  if (!viewer) return undefined;
  const landing = landingPathFor(viewer, campus);
  return landing === paths.home.getHref() ? undefined : landing;
}

/**
 * A community page's loader starts here: its redirect is thrown (a 302 from the server's
 * render); resolves to the shell when a member will see the page, so the loader reads the
 * page's data; undefined for a visitor (the private screen reads nothing) or a failed read.
 */
export async function loadCommunity(queryClient: QueryClient): Promise<Shell | undefined> {
  const shell = await loadShell(queryClient);
  if (!shell) return undefined;
  const to = communityRedirect(shell.viewer, shell.campus);
  if (to) throw redirect(to);
  return shell.viewer ? shell : undefined;
}

/**
 * The screens of a campus community (feed, media, post pages): every campus is private
 * (docs/product/community.md#private-campus), so a visitor sees 'This community is private.' in their place; others go where
 * communityRedirect says.
 */
export function CommunityGate({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const campus = useCampus();
  const openComposer = useComposerForPosts();
  const to = communityRedirect(viewer, campus);
  if (to) return <Navigate replace to={to} />;
  if (!viewer) return <PrivateCommunity />;
  return (
    <ComposerBridgeProvider value={openComposer}>
      <MessageShareProvider>{children}</MessageShareProvider>
    </ComposerBridgeProvider>
  );
}
