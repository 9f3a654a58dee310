import type { CampusResponse } from '@campus/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useCampusQuery } from '@/features/campus/api/get-campus.ts';
import { CampusContext, siteName } from '@/lib/campus.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { CampusError, ShellSkeleton } from './layout/shell-states.tsx';

/** Paints the campus: accent colour for every component, and the tab title. */
function useCampusTheme(campus: CampusResponse | undefined) {
  useEffect(() => {
    if (!campus) return;
    const root = document.documentElement;
    root.style.setProperty('--campus-color', campus.themeColor);
    document.title = siteName(campus);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', campus.themeColor);
  }, [campus]);
}

/** Loads the campus of this host once; nothing below renders without it. */
function CampusGate({ children }: { children: ReactNode }) {
  const query = useCampusQuery();
  useCampusTheme(query.data);

  if (query.data) return <CampusContext.Provider value={query.data}>{children}</CampusContext.Provider>;
  if (query.isError) return <CampusError onRetry={() => query.refetch()} retrying={query.isFetching} />;
  return <ShellSkeleton />;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CampusGate>{children}</CampusGate>
    </QueryClientProvider>
  );
}
