import type { Post } from '@campus/contract';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** What the post page hands to the boost controls of its post. */
export interface PostBoostControlsProps {
  post: Post;
  isOwner: boolean;
  /** The visitor's Send Message button: shown unless the post runs an active website ad. */
  sendMessage: ReactNode;
}

/**
 * The owner's boost buttons (Boost Post, View Analytics, Boost Again, the paused label) and the
 * visitor's call-to-action belong to the ads feature; features do not import each other
 * (docs/architecture.md#layers-and-module-faces), so the app passes them to the post page through this context.
 */
const BoostBridgeContext = createContext<ComponentType<PostBoostControlsProps> | null>(null);

export const BoostBridgeProvider = BoostBridgeContext.Provider;

/** The boost controls the app provided; without them the post page shows a plain Boost Post link. */
export function usePostBoostControls(): ComponentType<PostBoostControlsProps> | null {
  return useContext(BoostBridgeContext);
}
