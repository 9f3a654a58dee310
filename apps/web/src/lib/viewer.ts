import { createContext, useContext } from 'react';

/**
 * The signed-in person as the shell needs them. `null` means a logged-out visitor.
 * The accounts work provides the value (from the session) through `ViewerContext`;
 * until then every visitor is logged out.
 */
export interface Viewer {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

export const ViewerContext = createContext<Viewer | null>(null);

export function useViewer(): Viewer | null {
  return useContext(ViewerContext);
}
