import type { CampusResponse } from '@campus/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useMeQuery } from '@/features/auth/api/get-me.ts';
import { useCampusQuery } from '@/features/campus/api/get-campus.ts';
import { CampusContext, siteName } from '@/lib/campus.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { ViewerContext } from '@/lib/viewer.ts';
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

/**
 * Loads the campus of this host and the signed-in user (both at once); nothing below renders
 * without them, so every page knows who is looking and where.
 */
function CampusGate({ children }: { children: ReactNode }) {
  const campus = useCampusQuery();
  const me = useMeQuery();
  useCampusTheme(campus.data);

  if (campus.data && me.data !== undefined) {
    return (
      <CampusContext.Provider value={campus.data}>
        <ViewerContext.Provider value={me.data}>{children}</ViewerContext.Provider>
      </CampusContext.Provider>
    );
  }
  if (campus.isError || me.isError) {
    const retry = () => {
      if (campus.isError) campus.refetch();
      if (me.isError) me.refetch();
    };
    return <CampusError onRetry={retry} retrying={campus.isFetching || me.isFetching} />;
  }
  return <ShellSkeleton />;
}

/** `queryClient`: the page's (main.tsx, entry-server.tsx), else a new one (tests). */
export function AppProvider({ children, queryClient: loaded }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => loaded ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <CampusGate>{children}</CampusGate>
    </QueryClientProvider>
  );
}
