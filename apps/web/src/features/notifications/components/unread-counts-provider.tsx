import type { ReactNode } from 'react';
import { useCampus } from '@/lib/campus.ts';
import { useLiveEvents } from '@/lib/events.ts';
import { type UnreadCounts, UnreadCountsContext } from '@/lib/unread.ts';
import { isMemberOf, useViewer } from '@/lib/viewer.ts';
import { useUnreadCountsQuery } from '../api/get-unread-counts.ts';

const NONE: UnreadCounts = { notifications: 0, messages: 0 };

/**
 * The badges and the live stream of a school-verified member on their own campus: the counts
 * come from GET /api/unread-counts and stay current through /api/events (lib/events.ts).
 */
export function UnreadCountsProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const campus = useCampus();
  const member = isMemberOf(viewer, campus);
  const counts = useUnreadCountsQuery({ enabled: member });
  useLiveEvents(member);
  return (
    <UnreadCountsContext.Provider value={member ? (counts.data ?? NONE) : NONE}>
      {children}
    </UnreadCountsContext.Provider>
  );
}
