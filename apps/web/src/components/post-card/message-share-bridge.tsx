import { createContext, useContext } from 'react';

/**
 * Share via message (docs/product/messages.md#sharing-a-post-by-message): the post card's Share dialog offers it, but the chat picker
 * belongs to the messages feature and features do not import each other (docs/architecture.md#layers-and-module-faces), so the app
 * passes the opener in through this context. Screens drawn without one leave the option out.
 */
export type ShareByMessage = (postId: string) => void;

const MessageShareBridgeContext = createContext<ShareByMessage | null>(null);

export const MessageShareBridgeProvider = MessageShareBridgeContext.Provider;

export function useShareByMessage(): ShareByMessage | null {
  return useContext(MessageShareBridgeContext);
}
