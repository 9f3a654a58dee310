import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { type PageState, STATE_ELEMENT_ID } from './app/document.ts';
import { AppProvider } from './app/provider.tsx';
import { createRoutes, loadRoutesOf } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles/tokens.css';
import './styles/global.css';

declare global {
  interface Window {
    /** What React Router's browser router starts from (its own name for it). */
    __staticRouterHydrationData?: PageState['router'];
  }
}

/** The state the server's render drew the page from (entry-server.tsx); none under `vite` (npm run dev:web). */
function pageState(): PageState | undefined {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageState) : undefined;
}

/**
 * Takes over the page the server drew, as soon as the code has arrived (decision 031): the
 * query cache and the router start from the state it was drawn from, and the matched routes'
 * code is loaded first, so the first render is the server's HTML and React hydrates it.
 * Without a drawn page (the Vite dev server) the app draws it, its loaders reading as usual.
 */
async function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const state = pageState();
  if (state) {
    hydrate(queryClient, state.queries);
    // React Router reads it from here and revives the errors in it as it wrote them.
    window.__staticRouterHydrationData = state.router;
    await loadRoutesOf(routes, window.location);
  }
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProvider>
    </StrictMode>
  );
  if (state) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
