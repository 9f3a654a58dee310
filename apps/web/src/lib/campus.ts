import type { CampusResponse } from '@campus/contract';
import { createContext, useContext } from 'react';

/** The campus of this site (chosen by the host); loaded once by the app provider. */
export const CampusContext = createContext<CampusResponse | null>(null);

export function useCampus(): CampusResponse {
  const campus = useContext(CampusContext);
  if (!campus) throw new Error('useCampus() must be used below the app provider');
  return campus;
}

/** '{shortName} Buy / Sell', the name of the site in titles and text. */
export function siteName(campus: Pick<CampusResponse, 'shortName'>): string {
  return `${campus.shortName} Buy / Sell`;
}
