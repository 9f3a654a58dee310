import type { AnalyticsAction } from '@campus/contract';
import { api } from './api-client.ts';

/**
 * trackPostAnalytics (docs/product/boosting.md#analytics-tracking): each action is sent at most once per post per page session
 * (a page load), and a failure is only logged. The server decides whether it counts (only while
 * the owner has an active ad, never the owner's own actions) and reads the account and address
 * itself. Shared by the post page and the feed's sponsored posts.
 */
const sent = new Set<string>();

export function trackPostAnalytics(actionType: AnalyticsAction, postId: string): void {
  const key = `${actionType}:${postId}`;
  if (sent.has(key)) return;
  sent.add(key);
  // The answer ({ tracked }) changes nothing here: only a failure is worth a line in the log.
  api.post<unknown>('/api/analytics', { actionType, postId }).catch((error: unknown) => {
    console.warn('trackPostAnalytics failed', error);
  });
}

/** Forgets what was sent (tests only: each test is its own page session). */
export function resetTrackedAnalytics(): void {
  sent.clear();
}
