import type { Post } from '@campus/contract';
import { createContext, useContext } from 'react';

/**
 * Opens the editor of one's own listing (docs/product/selling.md#editing-a-listing): a dialog on
 * wide screens, /post/{id}/edit on phones. The editor is the composer feature's; features do not
 * import each other (docs/architecture.md#layers-and-module-faces), so the app passes it in here.
 */
export type OpenListingEditor = (post: Pick<Post, 'id'>) => void;

const EditBridgeContext = createContext<OpenListingEditor | null>(null);

export const EditBridgeProvider = EditBridgeContext.Provider;

/** The editor the app provided, or null where none is (tests): callers then offer no Edit. */
export function useOpenListingEditor(): OpenListingEditor | null {
  return useContext(EditBridgeContext);
}
