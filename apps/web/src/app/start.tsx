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
  const clicks = keepEarlyClicks(element);
  try {
    const [screen] = await Promise.all([loadFirstScreen(queryClient, window.location), loadRoutesOf(window.location)]);
    if (screen.ready) {
      const root = hydrateRoot(element, app(queryClient));
      clicks.replay();
      return root;
    }
  } catch {
    // A read or a chunk failed: the app draws the page itself, and shows what failed.
  }
  clicks.drop();
  return drawn(element, queryClient);
}

/**
 * The drawn page's buttons and links are on screen before they work: a click between this code
 * running and the hydration (the page's data and route code still loading) would do nothing,
 * or leave the app for a full page load. Such clicks are held, and clicked again on the same
 * element once it is live (hydration keeps the server's elements).
 */
function keepEarlyClicks(element: HTMLElement) {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('a[href], button') : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
  };
  element.addEventListener('click', hold, true);
  const stop = () => element.removeEventListener('click', hold, true);
  return {
    replay() {
      stop();
      for (const target of held) if (target.isConnected) target.click();
    },
    drop: stop,
  };
}

function drawn(element: HTMLElement, queryClient?: QueryClient): Root {
  const root = createRoot(element);
  root.render(app(queryClient));
  return root;
}
