import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client.ts';
import { type PageState, STATE_ELEMENT_ID } from './document.ts';
import { AppProvider } from './provider.tsx';
import { createRoutes } from './router.tsx';

/** The state the server's render drew the page from (entry-server.tsx); none under `vite` (npm run dev:web). */
function pageState(): PageState | undefined {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageState) : undefined;
}

/** Resolves once `router` has loaded its first page: the matched routes' code and loaders. */
function initialized(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Takes over the page the server drew, as soon as the code has arrived (decision 031). The
 * query cache starts from the state the page was drawn from; the router then loads the page as
 * the server did, its routes' code and loaders (which find their data in that cache, so ask
 * the network for nothing but code), and React hydrates the server's HTML with the same tree.
 * Without a drawn page (the Vite dev server) the app draws it, its loaders reading as usual.
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  const queryClient = createQueryClient();
  const state = pageState();
  if (state) hydrate(queryClient, state.queries);
  const router = createBrowserRouter(createRoutes(queryClient));
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (!state) {
    const root = createRoot(container);
    root.render(app);
    return root;
  }
  await initialized(router);
  return hydrateRoot(container, app);
}
