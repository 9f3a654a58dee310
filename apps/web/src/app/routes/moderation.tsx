import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { useSearchParams } from 'react-router';
import { moderationLogQueryOptions } from '@/features/moderation/api/get-log.ts';
import { moderationQueueQueryOptions } from '@/features/moderation/api/get-queue.ts';
import { ModerationPage } from '@/features/moderation/components/moderation-page.tsx';
import { useViewer } from '@/lib/viewer.ts';
import { loadShell } from '../loaders.ts';
import { NotFound } from './not-found.tsx';

/** The view of /moderation: the queue, or the audit log with ?show=log. */
function viewOf(search: URLSearchParams): 'queue' | 'log' {
  return search.get('show') === 'log' ? 'log' : 'queue';
}

/** A moderator's page arrives drawn with its first page; nobody else's load asks for it. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const shell = await loadShell(queryClient);
    if (!shell?.viewer?.moderator) return null;
    if (viewOf(new URL(request.url).searchParams) === 'log') {
      await queryClient.prefetchInfiniteQuery(moderationLogQueryOptions());
    } else {
      await queryClient.prefetchInfiniteQuery(moderationQueueQueryOptions());
    }
    return null;
  };

/**
 * /moderation (docs/product/moderation.md#the-queue): only for the moderators of this campus;
 * everyone else, visitors too, gets the not-found page, as the API answers them 404.
 */
export function Component() {
  const viewer = useViewer();
  const [search] = useSearchParams();
  if (!viewer?.moderator) return <NotFound />;
  return <ModerationPage show={viewOf(search)} />;
}
