import type { Viewer } from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * After the viewer's photo, name, bio or username changes: the viewer is the answer, and every
 * list or page that shows them as an author is read again (authors come from the users table
 * at read time, so the server already shows the new name everywhere — docs/product/community.md#profile-changes-everywhere).
 */
export function useRefreshAfterProfileChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (viewer?: Viewer) => {
      if (viewer) queryClient.setQueryData(queryKeys.me, viewer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.post.all });
    },
    [queryClient],
  );
}
