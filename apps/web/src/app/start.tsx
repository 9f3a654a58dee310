import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client.ts';
import { loadFirstScreen } from './first-screen.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter, loadRoutesOf } from './router.tsx';

const app = (queryClient?: QueryClient) => (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

/**
 * Starts the app in `root`. When the server drew the page's first screen into it
 * (`data-server-rendered`, apps/server/src/plugins/web.ts, decision 026), the same data and
 * code it drew from are loaded first (all in the document or preloaded), and its HTML is taken
 * over (hydrated) instead of drawn again.
 */
export async function startApp(element: HTMLElement): Promise<Root> {
  if (!element.hasAttribute('data-server-rendered')) return drawn(element);
  const queryClient = createQueryClient();
  try {
    const [screen] = await Promise.all([loadFirstScreen(queryClient, window.location), loadRoutesOf(window.location)]);
    if (screen.ready) return hydrateRoot(element, app(queryClient));
  } catch {
    // A read or a chunk failed: the app draws the page itself, and shows what failed.
  }
  return drawn(element, queryClient);
}

function drawn(element: HTMLElement, queryClient?: QueryClient): Root {
  const root = createRoot(element);
  root.render(app(queryClient));
  return root;
}
