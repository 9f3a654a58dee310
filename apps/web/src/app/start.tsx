import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterLoad, yieldToMain } from '@/lib/first-page.ts';
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
  const state = pageState();
  // The drawn page is on screen already: its modules' evaluation, the router's first load and the
  // hydration each get a task of their own (decision 045) rather than one that holds back a tap.
  if (state) await yieldToMain();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  const router = createBrowserRouter(createRoutes(queryClient));
  // The service worker (offline page, push; decision 041): its code after the first page, never in the entry.
  afterLoad(() => void import('@/lib/service-worker.ts').then((m) => m.registerServiceWorker()));
  const app = (
    <StrictMode>
      <WhenLive then={state ? () => replayHeldActions(container) : undefined}>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </WhenLive>
    </StrictMode>
  );
  // Without a drawn page, or one drawn around a failed read (React could not match it), the app
  // draws the page itself; the reads that succeeded are already in the cache.
  if (!state || state.readFailed) {
    const root = createRoot(container);
    root.render(app);
    return root;
  }
  await initialized(router);
  await yieldToMain();
  // In a transition: React hydrates in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task that holds back a tap (and Lighthouse's blocking time).
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root as Root;
}

/**
 * Calls `then` once the page is live: a parent's effect runs after all of its children's, in the
 * commit that ends the hydration. Until then the document's script holds what is done. A wrapper,
 * not a sibling: the tree's shape (and so every `useId`) stays the server's.
 */
function WhenLive({ then, children }: { then?: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page has become live
  useEffect(() => {
    then?.();
    // What tests wait for before acting in ways the document's script does not hold (focus, blur).
    document.documentElement.dataset.live = '';
  }, []);
  return children;
}

/**
 * Makes again what was done on the drawn page before it was live (held by the document's
 * script, app/document.ts). Fields took focus, text and ticks natively meanwhile, but the
 * app's handlers missed them: each is told again, and the focused one focused again.
 */
function replayHeldActions(container: HTMLElement) {
  const held = window.heldActions;
  if (!held) return;
  held.stop();
  window.heldActions = undefined;
  const focused = document.activeElement;
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // Back to what the server drew, then ticked as a person does: React hears the click.
      if (field.checked !== field.defaultChecked) {
        field.checked = field.defaultChecked;
        field.click();
      }
    } else if (field.value !== field.defaultValue) {
      // React hears an input event only when the field's value differs from the one it last
      // knew, which is what the field holds when it is hydrated. So the field gets the
      // server's value back, and an input event (on which React hydrates the page at once),
      // before the typed text returns through the element's own setter, which React does not
      // watch: the second input event is then a change, and the app's state gets the text.
      const typed = field.value;
      field.value = field.defaultValue;
      announceInput(field);
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
      announceInput(field);
    }
  }
  if ((focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) && container.contains(focused)) {
    focused.blur();
    focused.focus();
  }
  // In the next task: after the app has drawn what the fields changed (a search box's Enter
  // reads the text from the app's state).
  setTimeout(() => {
    // Presses first: a menu opened on a press made before the page was live opens now, whether
    // its click was held or came once the page was live.
    for (const target of new Set(held.pressed)) if (target.isConnected) press(target);
    for (const target of held.clicked) if (target.isConnected) target.click();
    for (const form of held.sent) if (form.isConnected) form.requestSubmit();
  }, 0);
}

/** A press as a mouse makes it: some controls act on it (Radix's menu triggers open on pointerdown). */
function press(target: HTMLElement) {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: 'mouse' };
  target.dispatchEvent(new PointerEvent('pointerdown', init));
  target.dispatchEvent(new MouseEvent('mousedown', init));
  target.dispatchEvent(new PointerEvent('pointerup', init));
  target.dispatchEvent(new MouseEvent('mouseup', init));
}

const announceInput = (field: HTMLElement) => field.dispatchEvent(new Event('input', { bubbles: true }));
