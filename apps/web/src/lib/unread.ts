import { createContext, useContext } from 'react';

export interface UnreadCounts {
  notifications: number;
  messages: number;
}

const NONE: UnreadCounts = { notifications: 0, messages: 0 };

/** Unread notifications and chats of the viewer; provided by the notifications/messages work. */
export const UnreadCountsContext = createContext<UnreadCounts>(NONE);

export function useUnreadCounts(): UnreadCounts {
  return useContext(UnreadCountsContext);
}
