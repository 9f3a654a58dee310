import type { Post } from '@campus/contract';
import { createContext, useContext } from 'react';

/**
 * What the posts screens ask of the composer, which is another feature: features do not import
 * each other (docs/architecture.md#layers-and-module-faces), so the app passes the composer in through this context.
 * `parentPost` set: a comment on it (or a reply, when it is a comment); unset: a new post.
 */
export type OpenComposer = (request?: { parentPost: Post }) => void;

const ComposerBridgeContext = createContext<OpenComposer | null>(null);

export const ComposerBridgeProvider = ComposerBridgeContext.Provider;

/** The composer the app provided; screens drawn without one (tests) fall back to opening the post. */
export function useOpenComposer(): OpenComposer | null {
  return useContext(ComposerBridgeContext);
}
