import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { loadFirstScreen } from './app/first-screen.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { provideBootAnswers } from './lib/boot-answers.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The server's render of a first screen (decision 026): a member's /home or /post/{id} drawn as
 * HTML from the answers the document carries, by the same components, route table and query
 * options as the browser (app/first-screen.ts), so the browser hydrates it instead of drawing
 * it again. Built by `vite build --ssr` into the web build's `.ssr/` folder, which is never
 * served; the app's server imports it (apps/server/src/plugins/web.ts).
 */

let previous: Promise<unknown> = Promise.resolve();

/**
 * The HTML of `url`'s first screen, or undefined when the page is not one the server draws (a
 * visitor, a page whose data is not in `answers`). One render at a time: the boot answers are
 * the module's, as in the browser, and a render only waits for already-resolved reads and for
 * route code it imports once, so queueing costs nothing a single thread could have overlapped.
 */
export function renderFirstScreen(url: string, answers: Record<string, unknown>): Promise<string | undefined> {
  const render = previous.then(() => renderWith(url, answers));
  previous = render.catch(() => {});
  return render;
}

async function renderWith(url: string, answers: Record<string, unknown>): Promise<string | undefined> {
  provideBootAnswers(answers);
  try {
    const queryClient = createQueryClient();
    // A read the document lacks is not asked for on the server: the page is not drawn.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const location = new URL(url, 'http://first-screen.invalid');
    const screen = await loadFirstScreen(queryClient, location);
    if (!screen.ready) return undefined;
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(location.href));
    if (context instanceof Response) return undefined;
    const router = createStaticRouter(handler.dataRoutes, context);
    // prerender, not renderToString: it waits for every suspended part (a lazy component), so
    // the HTML is the whole first screen, as the browser's first render of it will be.
    const { prelude } = await prerender(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
    return await new Response(prelude).text();
  } finally {
    provideBootAnswers(undefined);
  }
}
