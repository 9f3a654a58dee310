import type { Viewer } from '@campus/contract';
import { createContext, useContext } from 'react';

export type { Viewer };

/**
 * The signed-in person (`GET /api/me`), provided once for the whole app by AppProvider.
 * `null` means a logged-out visitor. After sign-in, sign-out or a profile change, invalidate
 * the `me` query (features/auth/api/get-me.ts) and every component follows.
 */
export const ViewerContext = createContext<Viewer | null>(null);

export function useViewer(): Viewer | null {
  return useContext(ViewerContext);
}
