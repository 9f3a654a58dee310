import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client.ts';
import { type EarlyActions, holdEarlyActions } from './early-actions.ts';
import { loadFirstScreen } from './first-screen.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter, loadRoutesOf, prepareRouter } from './router.tsx';

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
 * over (hydrated) instead of drawn again; `actions` made on it before then (held since the
 * entry ran, main.tsx) are made again once it is live.
 */
export async function startApp(element: HTMLElement, actions?: EarlyActions): Promise<Root> {
  if (!element.hasAttribute('data-server-rendered')) return drawn(element);
  const queryClient = createQueryClient();
  actions ??= holdEarlyActions(element);
  try {
    // Each step in a task of its own: on a phone one long task is what holds back a tap (and
    // Lighthouse's blocking time). The app's code has just been evaluated in this one.
    await nextTask();
    const [screen] = await Promise.all([loadFirstScreen(queryClient, window.location), loadRoutesOf(window.location)]);
    if (screen.ready) {
      // The hydration alone is the longest step (issue 13).
      await nextTask();
      prepareRouter();
      await nextTask();
      const root = hydrateRoot(element, app(queryClient));
      actions.replay();
      return root;
    }
  } catch {
    // A read or a chunk failed: the app draws the page itself, and shows what failed.
  }
  actions.drop();
  return drawn(element, queryClient);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function drawn(element: HTMLElement, queryClient?: QueryClient): Root {
  const root = createRoot(element);
  root.render(app(queryClient));
  return root;
}
