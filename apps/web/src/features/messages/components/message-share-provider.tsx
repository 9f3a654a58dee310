import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { MessageShareBridgeProvider } from '@/components/post-card/message-share-bridge.tsx';

// The picker's queries and mutations carry the chat schemas (Zod): they load when someone shares,
// not with the feed or post page they are offered on.
const SharePostDialog = lazy(() => import('./share-post-dialog.tsx').then((m) => ({ default: m.SharePostDialog })));

/** Gives the post cards below it the Share dialog's 'Send in a message' (through the post-card bridge). */
export function MessageShareProvider({ children }: { children: ReactNode }) {
  const [postId, setPostId] = useState<string | null>(null);
  const open = useCallback((id: string) => setPostId(id), []);
  return (
    <MessageShareBridgeProvider value={open}>
      {children}
      {postId && (
        <Suspense fallback={null}>
          <SharePostDialog postId={postId} onClose={() => setPostId(null)} />
        </Suspense>
      )}
    </MessageShareBridgeProvider>
  );
}
